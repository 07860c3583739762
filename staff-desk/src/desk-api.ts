import type {
  AuditEntry,
  BusinessDetails,
  DayHours,
  DeskFeedRun,
  DeskSpecial,
  DeskUnit,
  HeldEnquiryListing,
  LedgerLead,
  SiteNotice,
  SpeedToLead,
  StaffGrants,
  StaffMember,
} from "shared-types";

export type { AuditEntry, DeskFeedRun, DeskSpecial, DeskUnit, LedgerLead, SiteNotice, SpeedToLead };

/** A special as the editor sends it (shared-types specialInputSchema checks it). */
export interface SpecialInput {
  department: DeskSpecial["department"];
  title: string;
  html: string;
  url: string;
  starts_on: string | null;
  ends_on: string | null;
}

/**
 * The desk's client of the API's staff routes (the staff edge): every call carries the member's session, and the
 * API decides what the member may see and do. A refusal comes back as the API's status and reason.
 */
/** The shapes the staff routes answer (shared-types staff.ts), under the desk's names. */
export type Member = StaffMember;
export type Grants = StaffGrants;
export type HeldEnquiry = HeldEnquiryListing;

/** A WebAuthn ceremony's options and the id the answer is sent back with. */
export interface Ceremony {
  ceremony: string;
  options: unknown;
}

export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The API's answer: its JSON, nothing for a 204, or its refusal with its status and reason. */
async function answerOf<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new ApiRefusal(response.status, answer.message ?? `The API answered ${response.status}`);
  return answer as T;
}

export function deskApi(apiOrigin: string) {
  const call = async <T>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    session?: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(`${apiOrigin}/api/staff${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(session ? { authorization: `Session ${session}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return answerOf<T>(response);
  };
  /** A file's bytes to a staff route (a special's image, a feed file): the API checks what they are. */
  const upload = async <T>(
    method: "POST" | "PUT",
    path: string,
    session: string,
    type: string,
    bytes: Buffer,
  ): Promise<T> => {
    const response = await fetch(`${apiOrigin}/api/staff${path}`, {
      method,
      headers: { accept: "application/json", authorization: `Session ${session}`, "content-type": type },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(120_000),
    });
    return answerOf<T>(response);
  };
  return {
    askForLink: (email: string) => call<{ message: string }>("POST", "/sign-in/email", undefined, { email }),
    signInWithLink: (token: string) =>
      call<{ session: string; member: Member }>("POST", "/sign-in/link", undefined, { token }),
    signOut: (session: string) => call<void>("POST", "/sign-out", session),
    me: (session: string) => call<{ member: Member; grants: Grants }>("GET", "/me", session),
    leads: (session: string, query: URLSearchParams) =>
      call<{ leads: LedgerLead[]; speed: SpeedToLead[] }>("GET", `/leads${query.size > 0 ? `?${query}` : ""}`, session),
    /** The ledger as CSV, as the API writes it (formula-safe), to pass on as a download. */
    leadsCsv: async (session: string, query: URLSearchParams) => {
      const response = await fetch(`${apiOrigin}/api/staff/leads.csv${query.size > 0 ? `?${query}` : ""}`, {
        headers: { authorization: `Session ${session}` },
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { message?: string };
        throw new ApiRefusal(response.status, answer.message ?? `The API answered ${response.status}`);
      }
      return { body: await response.text(), disposition: response.headers.get("content-disposition") ?? "attachment" };
    },
    claim: (session: string, id: string) => call<unknown>("POST", `/leads/${encodeURIComponent(id)}/claim`, session),
    contacted: (session: string, id: string) =>
      call<unknown>("POST", `/leads/${encodeURIComponent(id)}/contacted`, session),
    passkeys: (session: string) =>
      call<{ passkeys: { created_at: string; last_used_at: string | null }[] }>("GET", "/passkeys", session),
    passkeyOptions: (session: string) => call<Ceremony>("POST", "/passkeys/options", session),
    addPasskey: (session: string, answer: unknown) => call<unknown>("POST", "/passkeys", session, answer),
    passkeySignInOptions: () => call<Ceremony>("POST", "/sign-in/passkey-options"),
    signInWithPasskey: (answer: unknown) =>
      call<{ session: string; member: Member }>("POST", "/sign-in/passkey", undefined, answer),
    held: (session: string) => call<{ held: HeldEnquiry[] }>("GET", "/held", session),
    release: (session: string, id: string) => call<unknown>("POST", `/held/${encodeURIComponent(id)}/release`, session),
    discard: (session: string, id: string) => call<unknown>("POST", `/held/${encodeURIComponent(id)}/discard`, session),
    business: (session: string) => call<BusinessDetails>("GET", "/business", session),
    saveBusiness: (session: string, details: BusinessDetails) =>
      call<BusinessDetails>("PUT", "/business", session, details),
    units: (session: string, q: string) =>
      call<{ units: DeskUnit[] }>("GET", `/units?${new URLSearchParams({ q })}`, session),
    unit: (session: string, stock: string) => call<DeskUnit>("GET", `/units/${encodeURIComponent(stock)}`, session),
    changeUnit: (session: string, stock: string, change: Record<string, unknown>) =>
      call<DeskUnit>("POST", `/units/${encodeURIComponent(stock)}`, session, change),
    clearUnit: (session: string, stock: string) =>
      call<DeskUnit>("POST", `/units/${encodeURIComponent(stock)}/clear`, session),
    siteNotice: (session: string) => call<{ notice: SiteNotice | null }>("GET", "/site-notice", session),
    saveSiteNotice: (session: string, notice: SiteNotice | null) =>
      call<{ notice: SiteNotice | null }>("PUT", "/site-notice", session, { notice }),
    saveHours: (session: string, department: string, week: DayHours[]) =>
      call<BusinessDetails>("PUT", `/business/hours/${encodeURIComponent(department)}`, session, week),
    specials: (session: string) => call<{ specials: DeskSpecial[] }>("GET", "/specials", session),
    special: (session: string, id: string) => call<DeskSpecial>("GET", `/specials/${encodeURIComponent(id)}`, session),
    previewSpecial: (session: string, html: string) =>
      call<{ html: string }>("POST", "/specials/preview", session, { html }),
    createSpecial: (session: string, input: SpecialInput) => call<DeskSpecial>("POST", "/specials", session, input),
    saveSpecial: (session: string, id: string, input: SpecialInput) =>
      call<DeskSpecial>("PUT", `/specials/${encodeURIComponent(id)}`, session, input),
    moveSpecial: (session: string, id: string, direction: "up" | "down") =>
      call<{ moved: boolean }>("POST", `/specials/${encodeURIComponent(id)}/move`, session, { direction }),
    removeSpecial: (session: string, id: string) =>
      call<unknown>("POST", `/specials/${encodeURIComponent(id)}/remove`, session),
    specialImage: (session: string, id: string, type: string, bytes: Buffer) =>
      upload<DeskSpecial>("PUT", `/specials/${encodeURIComponent(id)}/image`, session, type, bytes),
    removeSpecialImage: (session: string, id: string) =>
      call<DeskSpecial>("DELETE", `/specials/${encodeURIComponent(id)}/image`, session),
    /** A stored photo (a special's image) as the staff edge serves it; null when there is none. */
    photo: async (session: string, id: string, file: string) => {
      const response = await fetch(
        `${apiOrigin}/api/staff/photos/${encodeURIComponent(id)}/${encodeURIComponent(file)}`,
        { headers: { authorization: `Session ${session}` }, signal: AbortSignal.timeout(30_000) },
      );
      if (!response.ok) return null;
      return {
        type: response.headers.get("content-type") ?? "application/octet-stream",
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    },
    feeds: (session: string) => call<{ runs: DeskFeedRun[]; pull: boolean }>("GET", "/feeds", session),
    uploadFeed: (session: string, file: string, bytes: Buffer, force: boolean) =>
      upload<{ run_id: string; outcome: string }>(
        "POST",
        `/feeds/inventory?${new URLSearchParams({ file: file.slice(0, 200) || "a file", force: String(force) })}`,
        session,
        "text/csv",
        bytes,
      ),
    pullFeed: (session: string) => call<{ run_id: string; outcome: string }>("POST", "/feeds/pull", session),
    audit: (session: string) => call<{ entries: AuditEntry[] }>("GET", "/audit", session),
    members: (session: string) => call<{ members: (Member & { created_at: string })[] }>("GET", "/members", session),
    invite: (session: string, email: string, role: string) =>
      call<{ member: Member; link: string }>("POST", "/members", session, { email, role }),
  };
}
export type DeskApi = ReturnType<typeof deskApi>;
