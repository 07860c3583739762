import axios from "axios";
import {
  apiPaths,
  type LeadCaptureRequest,
  type LeadCaptureResponse,
  SITE_EVENTS,
  withAlternateKeys,
} from "shared-types";
import { leadCaptureResponseSchema } from "shared-types/schemas";
import { api } from "./api-client";

const XSRF_COOKIE = "XSRF-TOKEN";

const hasXsrfCookie = () => document.cookie.split(/;\s*/).some((c) => c.startsWith(`${XSRF_COOKIE}=`));

/** Asks the API for its anti-forgery cookie pair; axios then sends the token back as X-XSRF-TOKEN. */
async function refreshXsrfToken(): Promise<void> {
  await api().get(apiPaths.leadsToken());
}

export interface CaptureOptions {
  /** Overrides the backoff between retries (tests use 0). */
  retryDelayMs?: number;
  /** Told the key that replaced one the API refused, so a later resend of the same lead reuses it. */
  onNewKey?: (key: string) => void;
}

/**
 * Sends one lead. The idempotency key stays the same across retries of one submission, so it is stored once.
 * A 403 means the anti-forgery pair expired or was never issued: it is renewed once and the lead resent. A 422
 * means the key was already used for other content (the API never answers it with another lead's id): the lead
 * is resent once under a new key, so it is never lost to a clash.
 */
export async function captureLead(
  lead: LeadCaptureRequest,
  idempotencyKey: string,
  options: CaptureOptions = {},
): Promise<LeadCaptureResponse> {
  if (!hasXsrfCookie()) await refreshXsrfToken();
  let key = idempotencyKey;
  const send = () =>
    api().post<LeadCaptureResponse>(apiPaths.leadsCapture(), withAlternateKeys(lead), {
      headers: { "Idempotency-Key": key },
      ...(options.retryDelayMs === undefined ? {} : { "axios-retry": { retryDelay: () => options.retryDelayMs ?? 0 } }),
    });
  let response: Awaited<ReturnType<typeof send>>;
  try {
    response = await send();
  } catch (error) {
    const status = axios.isAxiosError(error) ? error.response?.status : undefined;
    if (status === 403) await refreshXsrfToken();
    else if (status === 422) {
      key = crypto.randomUUID();
      options.onNewKey?.(key);
    } else throw error;
    response = await send();
  }
  const body = leadCaptureResponseSchema.parse(response.data);
  window.dispatchEvent(
    new CustomEvent(SITE_EVENTS.leadSubmitted, { detail: { destination: lead.destination, id: body.id } }),
  );
  return body;
}
