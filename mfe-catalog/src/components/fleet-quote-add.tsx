import { FORM_FIELD, IN_PLACE_FORM } from "remote-kit/protocol";
import { FLEET_QUOTE, FLEET_QUOTE_ADD, paths } from "shared-types";
import type { LineupModel } from "../remote";

/**
 * "Add to fleet quote" for a line-up model (to order), as team leads takes it (shared-types FLEET_QUOTE_ADD): a form
 * posting to the list, sent in place by the page's own script (remote-kit IN_PLACE_FORM): no team's code runs for it.
 */
export function FleetQuoteAdd({ model }: { model: LineupModel }) {
  const { fields } = FLEET_QUOTE_ADD;
  const name = model.name.startsWith(`${model.make} `) ? model.name.slice(model.make.length + 1) : model.name;
  const id = `catalog-fleet-${model.id}`;
  return (
    <form
      method="post"
      action={paths.fleetQuote()}
      className="catalog-fleet-add"
      noValidate
      {...{ [FLEET_QUOTE_ADD.attribute]: "", [IN_PLACE_FORM.action]: FLEET_QUOTE_ADD.api }}
    >
      <input type="hidden" name={FORM_FIELD} value={FLEET_QUOTE_ADD.form} />
      <input type="hidden" name={fields.kind} value="model" />
      <input type="hidden" name={fields.modelId} value={model.id} />
      <input type="hidden" name={fields.make} value={model.make} />
      <input type="hidden" name={fields.model} value={name} />
      <label className="catalog-fleet-add__label" htmlFor={`${id}-quantity`}>
        {FLEET_QUOTE_ADD.quantityLabel}
      </label>
      <input
        id={`${id}-quantity`}
        className="catalog-fleet-add__quantity"
        type="number"
        name={fields.quantity}
        inputMode="numeric"
        min={1}
        max={FLEET_QUOTE.maxQuantity}
        defaultValue={1}
      />
      <button type="submit" className="catalog-button">
        {FLEET_QUOTE_ADD.submitLabel}
        <span className="catalog-visually-hidden">: {model.name}</span>
      </button>
      {/* the page's script may write here before React adopts the card (a tap at once): React leaves what it said */}
      <span
        className="catalog-fleet-add__status"
        role="status"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that React never adopts what the page's script writes here
        dangerouslySetInnerHTML={{ __html: "" }}
        {...{ [IN_PLACE_FORM.status]: "" }}
      />
    </form>
  );
}
