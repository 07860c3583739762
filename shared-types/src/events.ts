/**
 * Events that cross a remote boundary. Names carry the emitting team's prefix; payloads are plain data.
 * Remotes never share a store: they talk through URLs, props and these window events.
 */
export const SITE_EVENTS = {
  /** leads → anyone: a lead was accepted by the API. */
  leadSubmitted: "leads:lead-submitted",
} as const;

export interface LeadSubmittedDetail {
  destination: string;
  id: string;
}
