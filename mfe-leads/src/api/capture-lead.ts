import axios from "axios";
import {
  apiPaths,
  type LeadCaptureRequest,
  type LeadCaptureResponse,
  SITE_EVENTS,
  withAlternateKeys,
} from "shared-types";
import { leadCaptureResponseSchema } from "shared-types/schemas";
import { apiClient } from "./api-client";

const XSRF_COOKIE = "XSRF-TOKEN";

const hasXsrfCookie = () => document.cookie.split(/;\s*/).some((c) => c.startsWith(`${XSRF_COOKIE}=`));

/** Asks the API for its anti-forgery cookie pair; axios then sends the token back as X-XSRF-TOKEN. */
async function refreshXsrfToken(): Promise<void> {
  await apiClient.get(apiPaths.leadsToken());
}

export interface CaptureOptions {
  /** Overrides the backoff between retries (tests use 0). */
  retryDelayMs?: number;
}

/**
 * Sends one lead. The idempotency key stays the same across retries of one submission, so it is stored once.
 * A 403 means the anti-forgery pair expired or was never issued: it is renewed once and the lead resent.
 */
export async function captureLead(
  lead: LeadCaptureRequest,
  idempotencyKey: string,
  options: CaptureOptions = {},
): Promise<LeadCaptureResponse> {
  if (!hasXsrfCookie()) await refreshXsrfToken();
  const send = () =>
    apiClient.post<LeadCaptureResponse>(apiPaths.leadsCapture(), withAlternateKeys(lead), {
      headers: { "Idempotency-Key": idempotencyKey },
      ...(options.retryDelayMs === undefined ? {} : { "axios-retry": { retryDelay: () => options.retryDelayMs ?? 0 } }),
    });
  let response: Awaited<ReturnType<typeof send>>;
  try {
    response = await send();
  } catch (error) {
    if (!axios.isAxiosError(error) || error.response?.status !== 403) throw error;
    await refreshXsrfToken();
    response = await send();
  }
  const body = leadCaptureResponseSchema.parse(response.data);
  window.dispatchEvent(
    new CustomEvent(SITE_EVENTS.leadSubmitted, { detail: { destination: lead.destination, id: body.id } }),
  );
  return body;
}
