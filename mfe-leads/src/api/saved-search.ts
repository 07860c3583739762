import { isAxiosError } from "axios";
import { apiPaths, type SavedSearchAction } from "shared-types";
import { api } from "./api-client";

export type SavedSearchAnswer =
  | { kind: "done"; status: string }
  | { kind: "refused"; fields: Record<string, string>; message: string }
  | { kind: "failed"; message?: string };

async function send(path: string, body: Record<string, unknown>, clientIp?: string): Promise<SavedSearchAnswer> {
  try {
    const { data } = await api().post(path, body, clientIp ? { headers: { "x-forwarded-for": clientIp } } : {});
    return { kind: "done", status: String((data as { status?: unknown }).status ?? "") };
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      const answer = error.response.data as { message?: unknown; fields?: Record<string, string[]> };
      const message = typeof answer.message === "string" ? answer.message : "";
      if (error.response.status < 500) {
        const fields = Object.fromEntries(
          Object.entries(answer.fields ?? {}).map(([name, reasons]) => [name, reasons[0] ?? ""]),
        );
        return { kind: "refused", fields, message };
      }
      return { kind: "failed", message };
    }
    return { kind: "failed" };
  }
}

/** Saves a search (the API emails its address a link to confirm before anything else is sent). */
export const saveSearch = (body: Record<string, unknown>, clientIp: string) =>
  send(apiPaths.savedSearches(), body, clientIp);

/** What a saved search's email link asks for, once its button is pressed. */
export const savedSearchAction = (id: string, action: SavedSearchAction, token: string) =>
  send(apiPaths.savedSearchAction(id, action), { token });
