import { FORM_FIELD, IN_PLACE_FORM } from "remote-kit/protocol";
import { FLEET_QUOTE, FLEET_QUOTE_ADD, paths } from "shared-types";

/**
 * "Add to fleet quote" for one unit, as team leads takes it (shared-types FLEET_QUOTE_ADD): a form posting to the
 * list, sent in place by the page's own script (remote-kit IN_PLACE_FORM): no team's code runs for it.
 */
export function FleetQuoteAdd({ stockNumber, title }: { stockNumber: string; title: string }) {
  const { fields } = FLEET_QUOTE_ADD;
  const id = `inventory-fleet-${stockNumber}`;
  return (
    <form
      method="post"
      action={paths.fleetQuote()}
      className="inventory-fleet-add"
      noValidate
      {...{ [FLEET_QUOTE_ADD.attribute]: "", [IN_PLACE_FORM.action]: FLEET_QUOTE_ADD.api }}
    >
      <input type="hidden" name={FORM_FIELD} value={FLEET_QUOTE_ADD.form} />
      <input type="hidden" name={fields.kind} value="unit" />
      <input type="hidden" name={fields.stockNumber} value={stockNumber} />
      <label className="inventory-fleet-add__label" htmlFor={`${id}-quantity`}>
        {FLEET_QUOTE_ADD.quantityLabel}
      </label>
      <input
        id={`${id}-quantity`}
        className="inventory-fleet-add__quantity"
        type="number"
        name={fields.quantity}
        inputMode="numeric"
        min={1}
        max={FLEET_QUOTE.maxQuantity}
        defaultValue={1}
      />
      <button type="submit" className="inventory-button inventory-button--secondary">
        {FLEET_QUOTE_ADD.submitLabel}
        <span className="inventory-visually-hidden">: {title}</span>
      </button>
      {/* the page's script may write here before React adopts the card (a tap at once): React leaves what it said */}
      <span
        className="inventory-fleet-add__status"
        role="status"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that React never adopts what the page's script writes here
        dangerouslySetInnerHTML={{ __html: "" }}
        {...{ [IN_PLACE_FORM.status]: "" }}
      />
    </form>
  );
}
