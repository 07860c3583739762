import { apiPaths, LEAD_SPAM_GUARD } from "shared-types";
import { api } from "./api-client";
import { SIGNED_START } from "./form-start";

/**
 * When the page was served, as the API signed it (GET /api/leads/start), asked by team leads' server while it
 * renders a page with a form: the start goes into the form's HTML.
 */
export async function fetchFormStartForPage(): Promise<string> {
  const { data } = await api().get<Record<string, unknown>>(apiPaths.leadsStart(), {
    "axios-retry": { retries: 0 },
  });
  const token = data[LEAD_SPAM_GUARD.startedField];
  if (typeof token !== "string" || !SIGNED_START.test(token)) throw new Error("the API sent no signed form start");
  return token;
}
