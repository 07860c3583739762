import { renderApiOrigin } from "remote-kit/api-client";
import { type AppointmentKind, apiPaths } from "shared-types";
import { api } from "./api-client";

/** A time a visit can start, as the API answers it. */
export interface FreeTime {
  startsAt: string;
  /** Calgary's day and clock */
  date: string;
  clock: string;
}

/** What can be booked (the department's kinds of appointment), and Calgary's today. */
export interface BookingOptions {
  kinds: AppointmentKind[];
  weeksAhead: number;
  today: string;
}

/** A booking as its link shows it: only the dealership's words. */
export interface BookingView {
  reference: string;
  starts_at: string;
  when: string;
  work: string[];
  kinds: string[];
  stay: "wait" | "drop-off";
  status: string;
  changeable: boolean;
  /** The fleet's recurring plan that booked it: its words and its page's link */
  plan: { words: string; link: string } | null;
}

export async function fetchBookingOptions(): Promise<BookingOptions> {
  return (await api().get(apiPaths.serviceBooking())).data as BookingOptions;
}

export async function fetchFreeTimes(kinds: readonly string[], from?: string): Promise<FreeTime[]> {
  return ((await api().get(apiPaths.serviceFreeTimes(kinds, from))).data as { times: FreeTime[] }).times;
}

/** A booking by its link; null when the link is spent (410) or names none (404). */
export async function fetchBookingByLink(token: string): Promise<BookingView | null> {
  try {
    return (await api().get(apiPaths.serviceBookingLink(token))).data as BookingView;
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status === 404 || status === 410) return null;
    throw error;
  }
}

/** What the API answered a change sent from team service's server. */
export type ChangeAnswer =
  | { kind: "done"; link: string | null; body: Record<string, unknown> }
  | { kind: "taken"; next: FreeTime | null }
  | { kind: "refused"; status: number; message: string; fields: Record<string, string> }
  | { kind: "failed" };

/**
 * A booking, a move or a cancel sent from team service's server (a form posted without scripts), with the visitor's
 * address for the API's limit per visitor.
 */
export async function sendBookingChange(path: string, body: unknown, clientIp: string): Promise<ChangeAnswer> {
  let response: Response;
  try {
    response = await fetch(`${renderApiOrigin()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-forwarded-for": clientIp },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { kind: "failed" };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { kind: "done", link: (answer.link as string | null) ?? null, body: answer };
  if (response.status === 409) return { kind: "taken", next: (answer.next as FreeTime | null) ?? null };
  if (response.status >= 500) return { kind: "failed" };
  const fields = Object.fromEntries(
    Object.entries((answer.fields ?? {}) as Record<string, string[] | string>).map(([name, reasons]) => [
      name,
      [reasons].flat()[0] ?? "",
    ]),
  );
  return { kind: "refused", status: response.status, message: String(answer.message ?? ""), fields };
}
