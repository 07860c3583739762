import { isAxiosError } from "axios";
import { apiPaths, EMPTY_FLEET_QUOTE, FLEET_QUOTE, type FleetQuoteList } from "shared-types";
import { fleetQuoteListSchema } from "shared-types/schemas";
import { api } from "./api-client";

/** What the API answered a change to a fleet quote list. */
export type FleetQuoteAnswer =
  | { kind: "changed"; token: string; list: FleetQuoteList }
  | { kind: "refused"; fields: Record<string, string>; message: string }
  | { kind: "failed" };

const listAnswer = (data: unknown): { token: string; list: FleetQuoteList } => {
  const body = data as { token?: unknown; list?: unknown };
  return { token: String(body.token ?? ""), list: fleetQuoteListSchema.parse(body.list) };
};

/** The visitor's list by its key (their cookie's value); empty without one. */
export async function readFleetQuote(token: string): Promise<FleetQuoteList> {
  if (!FLEET_QUOTE.tokenPattern.test(token)) return EMPTY_FLEET_QUOTE;
  const { data } = await api().get(apiPaths.fleetQuoteList(token));
  return listAnswer(data).list;
}

/** The change each of the list's forms asks for. */
export type FleetQuoteChange =
  | { op: "add"; body: Record<string, string> }
  | { op: "update-line"; line: string; body: Record<string, string> }
  | { op: "remove-line"; line: string }
  | { op: "add-trade-in"; body: Record<string, string> }
  | { op: "remove-trade-in"; tradeIn: string };

function addressOf(change: FleetQuoteChange, token: string): string {
  const list = apiPaths.fleetQuoteList(token);
  switch (change.op) {
    case "add":
      return apiPaths.fleetQuoteLines();
    case "update-line":
      return `${list}/lines/${encodeURIComponent(change.line)}`;
    case "remove-line":
      return `${list}/lines/${encodeURIComponent(change.line)}/remove`;
    case "add-trade-in":
      return `${list}/trade-ins`;
    case "remove-trade-in":
      return `${list}/trade-ins/${encodeURIComponent(change.tradeIn)}/remove`;
  }
}

/**
 * Changes the visitor's list, from team leads' server (a form sent without scripts): a new list's key comes back
 * with the first line added. A refusal comes back with the API's reason for each field.
 */
export async function changeFleetQuote(change: FleetQuoteChange, token: string | undefined): Promise<FleetQuoteAnswer> {
  if (!token && change.op !== "add") return { kind: "refused", fields: {}, message: "Your fleet quote has expired" };
  const body = "body" in change ? change.body : {};
  try {
    const { data } = await api().post(
      addressOf(change, token ?? ""),
      change.op === "add" && token ? { ...body, token } : body,
    );
    return { kind: "changed", ...listAnswer(data) };
  } catch (error) {
    if (isAxiosError(error) && error.response && error.response.status < 500) {
      const answer = error.response.data as { message?: unknown; fields?: Record<string, string[]> };
      const fields = Object.fromEntries(
        Object.entries(answer.fields ?? {}).map(([name, reasons]) => [name, reasons[0] ?? ""]),
      );
      return { kind: "refused", fields, message: typeof answer.message === "string" ? answer.message : "" };
    }
    return { kind: "failed" };
  }
}
