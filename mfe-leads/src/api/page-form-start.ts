import { apiPaths, LEAD_SPAM_GUARD } from "shared-types";
import { api } from "./api-client";
import { SIGNED_START } from "./form-start";

/**
 * How long one signed start serves every page rendered with a form: the fill-time guard (LEAD_SPAM_GUARD.minFillMs)
 * loses at most this much, and a burst of pages made anew (after an import) asks the API once a second, not once
 * a page.
 */
const START_REUSE_MS = 1_000;

let recent: { at: number; token: Promise<string> } | null = null;

async function askForStart(): Promise<string> {
  const { data } = await api().get<Record<string, unknown>>(apiPaths.leadsStart(), {
    "axios-retry": { retries: 0 },
  });
  const token = data[LEAD_SPAM_GUARD.startedField];
  if (typeof token !== "string" || !SIGNED_START.test(token)) throw new Error("the API sent no signed form start");
  return token;
}

/**
 * When the page was served, as the API signed it (GET /api/leads/start), asked by team leads' server while it
 * renders a page with a form: the start goes into the form's HTML.
 */
export function fetchFormStartForPage(now = Date.now()): Promise<string> {
  if (recent && now - recent.at < START_REUSE_MS) return recent.token;
  const asked = { at: now, token: askForStart() };
  recent = asked;
  asked.token.catch(() => {
    if (recent === asked) recent = null;
  });
  return asked.token;
}
