import { LEAD_SPAM_GUARD } from "shared-types";
import { fetchFormStart } from "../api/form-start";
import { useDraftStore } from "../stores/draft-store";

/** Starts being asked for, by draft: a form mounted twice (development's strict mode) asks once. */
const starting = new Map<string, Promise<string>>();

export function startOnce(draftKey: string): Promise<string> {
  const known = useDraftStore.getState().drafts[draftKey]?.started;
  if (known) return Promise.resolve(known);
  let pending = starting.get(draftKey);
  if (!pending) {
    pending = fetchFormStart().then((started) => {
      useDraftStore.getState().recordStart(draftKey, started);
      return started;
    });
    starting.set(draftKey, pending);
    // settled either way: a later form asks again if this one failed, or reads the draft if it worked
    pending.finally(() => starting.delete(draftKey)).catch(() => undefined);
  }
  return pending;
}

/**
 * A start asked for at the last moment (the one asked for when the form appeared never came): the API would read
 * an instant submission as a bot's, so the lead waits out the minimum fill time before it is sent.
 */
export async function startNow(draftKey: string): Promise<string> {
  const started = await fetchFormStart();
  useDraftStore.getState().recordStart(draftKey, started);
  await new Promise((resolve) => setTimeout(resolve, LEAD_SPAM_GUARD.minFillMs));
  return started;
}
