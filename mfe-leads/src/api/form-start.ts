import { apiPaths, LEAD_SPAM_GUARD } from "shared-types";

export const SIGNED_START = /^\d{13}\.[A-Za-z0-9_-]{43}$/;

/**
 * Asks the API when this form started, signed (LEAD_SPAM_GUARD.startedField): the API measures the fill time on
 * its own clock. Plain fetch, not the axios client: every form asks for this on sight, and most are never sent.
 * Tried three times, as a phone's connection drops now and then.
 */
export async function fetchFormStart(attempts = 3): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
    try {
      const response = await fetch(apiPaths.leadsStart(), {
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      if (response.ok) {
        const token = ((await response.json()) as Record<string, unknown>)[LEAD_SPAM_GUARD.startedField];
        if (typeof token === "string" && SIGNED_START.test(token)) return token;
      }
      lastError = new Error(`form start: HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
