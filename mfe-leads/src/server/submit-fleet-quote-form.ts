import type { FormOutcome, FormPost, RemoteCookie } from "remote-kit/protocol";
import { FLEET_QUOTE, FLEET_QUOTE_ADD, paths } from "shared-types";
import {
  fieldReasons,
  fleetQuoteAddSchema,
  fleetQuoteLineUpdateSchema,
  fleetQuoteTradeInSchema,
} from "shared-types/schemas";
import { z } from "zod/mini";
import { changeFleetQuote, type FleetQuoteChange } from "../api/fleet-quote";
import { FLEET_QUOTE_FORMS, FLEET_QUOTE_MESSAGES } from "../fleet-quote/fleet-quote-forms";

/** The visitor's list key, from their cookie (the host hands team leads its own cookies only). */
export const fleetQuoteToken = (post: Pick<FormPost, "cookies">): string | undefined => {
  const token = post.cookies?.[FLEET_QUOTE.cookie];
  return token && FLEET_QUOTE.tokenPattern.test(token) ? token : undefined;
};

/** The list's cookie, set again with each change: the list and its cookie last 30 days from the last change. */
const listCookie = (token: string): RemoteCookie => ({
  name: FLEET_QUOTE.cookie,
  value: token,
  maxAgeS: FLEET_QUOTE.maxAgeDays * 24 * 60 * 60,
});

/** The fields a form sent, as the visitor typed them (shown again with the reasons when refused). */
const typed = (post: FormPost, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, post.fields[name] ?? ""]));

/**
 * One of the fleet quote's forms sent without scripts (the add buttons on other teams' pages, and the list's own
 * forms): checked by the shared rules, sent to the API with the visitor's list key, and answered with the list
 * (303, the cookie set again) or the list's page again with what was typed and why (4xx).
 */
export async function submitFleetQuoteForm(id: string, key: string, post: FormPost): Promise<FormOutcome | null> {
  const asked = askedChange(key, post);
  if (!asked) return null;
  const { change, values, added = "", schema } = asked;
  const again = (status: number, errors: Record<string, string>, message: string): FormOutcome => ({
    kind: "page",
    status,
    form: { id, values, errors, message },
  });
  if (schema) {
    const checked = z.safeParse(schema, values);
    if (!checked.success) return again(422, fieldReasons(checked.error), FLEET_QUOTE_MESSAGES.refused);
  }
  const answer = await changeFleetQuote(change, fleetQuoteToken(post));
  if (answer.kind === "changed") {
    const location = added ? `${paths.fleetQuote()}?${new URLSearchParams({ added })}` : paths.fleetQuote();
    return { kind: "redirect", location, cookies: [listCookie(answer.token)] };
  }
  if (answer.kind === "refused") {
    const reason = answer.message || FLEET_QUOTE_MESSAGES.refused;
    return again(400, answer.fields, Object.keys(answer.fields).length > 0 ? FLEET_QUOTE_MESSAGES.refused : reason);
  }
  return again(503, {}, FLEET_QUOTE_MESSAGES.failure);
}

/** What a form asks of the list: the change, the fields as typed, what it adds (its id) and the rules they meet. */
interface AskedChange {
  change: FleetQuoteChange;
  values: Record<string, string>;
  added?: string;
  schema?: z.ZodMiniType;
}

/** The change a fleet quote form (its key: "kind" or "kind:target") asks for; null when the key is none of them. */
function askedChange(key: string, post: FormPost): AskedChange | null {
  const [kind = "", target = ""] = key.split(":");
  if (kind === FLEET_QUOTE_FORMS.add) {
    const { fields } = FLEET_QUOTE_ADD;
    const values = typed(post, Object.values(fields));
    const added = values[fields.kind] === "model" ? (values[fields.modelId] ?? "") : (values[fields.stockNumber] ?? "");
    return { change: { op: "add", body: values }, values, added, schema: fleetQuoteAddSchema };
  }
  if (kind === FLEET_QUOTE_FORMS.line && target) {
    const values = typed(post, ["quantity", "notes"]);
    if (post.fields.action === "remove") return { change: { op: "remove-line", line: target }, values };
    return { change: { op: "update-line", line: target, body: values }, values, schema: fleetQuoteLineUpdateSchema };
  }
  if (kind === FLEET_QUOTE_FORMS.tradeIn) {
    const values = typed(post, ["year", "make", "model", "vin", "odometer_km", "notes"]);
    return { change: { op: "add-trade-in", body: values }, values, schema: fleetQuoteTradeInSchema };
  }
  if (kind === FLEET_QUOTE_FORMS.removeTradeIn && target) {
    return { change: { op: "remove-trade-in", tradeIn: target }, values: {} };
  }
  return null;
}
