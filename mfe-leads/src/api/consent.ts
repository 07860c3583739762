import { apiPaths, type PrivacyFacts } from "shared-types";
import { privacyFactsSchema } from "shared-types/schemas";
import { api } from "./api-client";

/** The API's retention settings, which the privacy notice states. */
export async function fetchPrivacyFacts(): Promise<PrivacyFacts> {
  const { data } = await api().get(apiPaths.privacyFacts());
  return privacyFactsSchema.parse(data);
}

export type UnsubscribeOutcome = "unsubscribed" | "invalid-link";

/** Records the withdrawal of consent a marketing email's link asks for. A link the API did not sign is refused. */
export async function unsubscribe(email: string, token: string): Promise<UnsubscribeOutcome> {
  try {
    await api().post(apiPaths.consentUnsubscribe(), { email, token });
    return "unsubscribed";
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 400) return "invalid-link";
    throw error;
  }
}
