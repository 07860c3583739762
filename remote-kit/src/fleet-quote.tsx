import { FLEET_QUOTE, FLEET_QUOTE_ADD, paths } from "shared-types";
import type { z } from "zod/mini";
import { type DeclaredModule, PeerFragment } from "./peers.js";
import { FORM_FIELD, IN_PLACE_FORM } from "./protocol.js";

/** What one add form puts on the visitor's list: an inventory unit, or a line-up model to be ordered. */
export type FleetQuoteAddLine =
  | { kind: "unit"; stockNumber: string }
  | { kind: "model"; modelId: string; make: string; model: string };

export interface FleetQuoteAddFormProps {
  line: FleetQuoteAddLine;
  /** Unique on the page: the quantity input's id is `${id}-quantity`. */
  id: string;
  /** The team's class for the form; its label, quantity and status take `${block}__label` and so on. */
  block: string;
  /** The team's own button classes. */
  buttonClassName: string;
  /** The team's class that hides text from sight but not from screen readers. */
  visuallyHiddenClassName: string;
  /** What is added, said to screen readers after the button's label ("Add to fleet quote: …"). */
  subject: string;
}

/**
 * "Add to fleet quote", as team leads takes it (shared-types FLEET_QUOTE_ADD): a form posting to the list, sent in
 * place by the page's own script (IN_PLACE_FORM), so no team's code runs for it. Each team gives its own classes.
 */
export function FleetQuoteAddForm(form: FleetQuoteAddFormProps) {
  const { fields } = FLEET_QUOTE_ADD;
  const { block, id } = form;
  return (
    <form
      method="post"
      action={paths.fleetQuote()}
      className={block}
      noValidate
      {...{ [FLEET_QUOTE_ADD.attribute]: "", [IN_PLACE_FORM.action]: FLEET_QUOTE_ADD.api }}
    >
      <input type="hidden" name={FORM_FIELD} value={FLEET_QUOTE_ADD.form} />
      {Object.entries(form.line).map(([field, value]) => (
        <input key={field} type="hidden" name={fields[field as keyof typeof fields]} value={value} />
      ))}
      <label className={`${block}__label`} htmlFor={`${id}-quantity`}>
        {FLEET_QUOTE_ADD.quantityLabel}
      </label>
      <input
        id={`${id}-quantity`}
        className={`${block}__quantity`}
        type="number"
        name={fields.quantity}
        inputMode="numeric"
        min={1}
        max={FLEET_QUOTE.maxQuantity}
        defaultValue={1}
      />
      <button type="submit" className={form.buttonClassName}>
        {FLEET_QUOTE_ADD.submitLabel}
        <span className={form.visuallyHiddenClassName}>: {form.subject}</span>
      </button>
      {/* the page's script may write here before React adopts the card (a tap at once): React leaves what it said */}
      <span
        className={`${block}__status`}
        role="status"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that React never adopts what the page's script writes here
        dangerouslySetInnerHTML={{ __html: "" }}
        {...{ [IN_PLACE_FORM.status]: "" }}
      />
    </form>
  );
}

/** Team leads' fleet quote count, as the consuming team declares it (no props). */
export type FleetQuoteCountUse = DeclaredModule & { props: z.ZodMiniObject<Record<never, never>> };

/**
 * The link to the visitor's fleet quote beside a team's add forms: team leads' count (which an add form's answer
 * updates) where it can be had, a plain link where it cannot.
 */
export function FleetQuoteLink({ use, className }: { use: FleetQuoteCountUse; className: string }) {
  const link = (
    <p className={className}>
      <a href={paths.fleetQuote()}>Your fleet quote</a>
    </p>
  );
  return <PeerFragment use={use} props={{}} loading={link} unavailable={() => link} />;
}
