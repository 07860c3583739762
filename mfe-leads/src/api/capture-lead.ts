import {
  apiPaths,
  type LeadCaptureRequest,
  type LeadCaptureResponse,
  SITE_EVENTS,
  withAlternateKeys,
} from "shared-types";
import { apiClient } from "./api-client";

/** Sends one lead. The idempotency key stays the same across retries of one submission, so it is stored once. */
export async function captureLead(lead: LeadCaptureRequest, idempotencyKey: string): Promise<LeadCaptureResponse> {
  const response = await apiClient.post<LeadCaptureResponse>(apiPaths.leadsCapture(), withAlternateKeys(lead), {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  window.dispatchEvent(
    new CustomEvent(SITE_EVENTS.leadSubmitted, { detail: { destination: lead.destination, id: response.data.id } }),
  );
  return response.data;
}
