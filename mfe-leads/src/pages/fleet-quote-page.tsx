import { Link, usePageHead, useResource, useSite, useStableValue, useSubmittedForm } from "remote-kit";
import { FORM_FIELD } from "remote-kit/protocol";
import { useSearchParams } from "remote-kit/router";
import {
  FLEET_QUOTE,
  FLEET_QUOTE_ADD,
  type FleetQuoteLine,
  type FleetQuoteTradeIn,
  formatOdometer,
  paths,
  telHref,
} from "shared-types";
import { fleetQuoteResource } from "../api/resources";
import { FieldError } from "../components/field-error";
import { FLEET_QUOTE_FORMS, FLEET_QUOTE_TOKEN_KEY } from "../fleet-quote/fleet-quote-forms";
import FleetQuoteSend from "../islands/fleet-quote-send";
import FleetQuoteTradeInForm from "../islands/fleet-quote-trade-in";

const formId = (key: string) => `leads:${key}`;

/** One line: how many, body or upfit notes (Update), or Remove. A plain form: it works the same with scripts off. */
function LineForm({ line }: { line: FleetQuoteLine }) {
  const id = formId(`${FLEET_QUOTE_FORMS.line}:${line.id}`);
  const refused = useSubmittedForm(id);
  const dom = `leads-fleet-line-${line.id}`;
  const quantityError = refused?.errors.quantity;
  const notesError = refused?.errors.notes;
  return (
    <li className="leads-fleet-line">
      <form method="post" className="leads-fleet-line__form" aria-labelledby={`${dom}-label`}>
        <input type="hidden" name={FORM_FIELD} value={id} />
        <h3 id={`${dom}-label`} className="leads-fleet-line__label">
          {line.kind === "unit" && line.available ? (
            <Link to={paths.vehicle(line.stock_number)}>{line.label}</Link>
          ) : (
            line.label
          )}
        </h3>
        {line.kind === "unit" && !line.available ? (
          <p className="leads-fleet-line__gone">
            This unit is no longer in stock: we will offer you the closest match.
          </p>
        ) : null}
        <div className="leads-fleet-line__fields">
          <div className="leads-form__field">
            <label className="leads-form__label" htmlFor={`${dom}-quantity`}>
              Quantity
            </label>
            <input
              id={`${dom}-quantity`}
              className={`leads-form__input leads-fleet-line__quantity${quantityError ? " leads-form__input--invalid" : ""}`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={FLEET_QUOTE.maxQuantity}
              defaultValue={refused?.values.quantity ?? String(line.quantity)}
              aria-invalid={Boolean(quantityError)}
              aria-describedby={quantityError ? `${dom}-quantity-error` : undefined}
            />
            <FieldError id={`${dom}-quantity-error`} message={quantityError} />
          </div>
          <div className="leads-form__field leads-form__field--wide">
            <label className="leads-form__label" htmlFor={`${dom}-notes`}>
              Body or upfit notes
            </label>
            <textarea
              id={`${dom}-notes`}
              className={`leads-form__input${notesError ? " leads-form__input--invalid" : ""}`}
              name="notes"
              rows={2}
              defaultValue={refused?.values.notes ?? line.notes}
              placeholder="e.g. 16 ft dry-freight box, liftgate, shelving"
              aria-invalid={Boolean(notesError)}
              aria-describedby={notesError ? `${dom}-notes-error` : undefined}
            />
            <FieldError id={`${dom}-notes-error`} message={notesError} />
          </div>
        </div>
        {refused?.message && !quantityError && !notesError ? (
          <p className="leads-form__failure" role="alert">
            {refused.message}
          </p>
        ) : null}
        <div className="leads-fleet-line__actions">
          <button type="submit" name="action" value="update" className="leads-button leads-button--secondary">
            Update
          </button>
          <button type="submit" name="action" value="remove" className="leads-fleet-remove">
            Remove<span className="leads-visually-hidden"> {line.label}</span>
          </button>
        </div>
      </form>
    </li>
  );
}

function TradeInItem({ tradeIn }: { tradeIn: FleetQuoteTradeIn }) {
  const title = `${tradeIn.year} ${tradeIn.make} ${tradeIn.model}`;
  return (
    <li className="leads-fleet-trade-in">
      <div>
        <strong>{title}</strong>
        <span className="leads-muted leads-break">
          {" "}
          VIN {tradeIn.vin} · {formatOdometer(tradeIn.odometer_km)}
        </span>
        {tradeIn.notes ? <p className="leads-fleet-trade-in__notes">{tradeIn.notes}</p> : null}
      </div>
      <form method="post">
        <input type="hidden" name={FORM_FIELD} value={formId(`${FLEET_QUOTE_FORMS.removeTradeIn}:${tradeIn.id}`)} />
        <button type="submit" className="leads-fleet-remove">
          Remove<span className="leads-visually-hidden"> trade-in {title}</span>
        </button>
      </form>
    </li>
  );
}

/**
 * A fleet buyer's whole order (/fleet-quote): the units and line-up models added from any page, each with its
 * quantity and upfit notes, up to 10 trade-ins, and the request that sends it all as one lead. Kept on the server
 * by the visitor's cookie, so it works with scripts off and survives leaving the page.
 */
export function FleetQuotePage() {
  const { business } = useSite();
  const [params] = useSearchParams();
  const token = useStableValue(FLEET_QUOTE_TOKEN_KEY, () => "");
  const state = useResource(fleetQuoteResource, token);
  const addRefused = useSubmittedForm(FLEET_QUOTE_ADD.form);
  usePageHead({
    title: `Your fleet quote | ${business.name}`,
    description: `Ask ${business.name} for pricing on several units and models at once, with your trade-ins.`,
    canonical: paths.fleetQuote(),
    robots: "noindex",
  });
  const list = state.status === "done" ? state.value : null;
  const added = params.get("added");
  const addedLine = added ? list?.lines.find((line) => line.stock_number === added || line.model_id === added) : null;

  return (
    <div className="leads-page leads-fleet">
      <h1 className="leads-page__title">Your fleet quote</h1>
      {addedLine ? (
        <p className="leads-fleet__added" role="status">
          Added {addedLine.label}. You now have {list?.unit_count} {list?.unit_count === 1 ? "unit" : "units"} in your
          fleet quote. <Link to={paths.inventory()}>Keep browsing our inventory</Link>
        </p>
      ) : null}
      {addRefused ? (
        <p className="leads-form__failure" role="alert">
          We couldn't add that to your fleet quote:{" "}
          {Object.values(addRefused.errors)[0] ?? addRefused.message ?? "please try again"}.
        </p>
      ) : null}
      {state.status === "failed" ? (
        <p className="leads-form__failure" role="alert">
          We couldn't load your fleet quote just now. Please try again in a moment, or call us at{" "}
          <a href={telHref(business.phone_sales)}>{business.phone_sales}</a>.
        </p>
      ) : null}
      {list && list.lines.length === 0 ? (
        <div className="leads-fleet__empty">
          <p>
            Your fleet quote is empty. Add units from <Link to={paths.inventory()}>our inventory</Link> or models from
            the <Link to={paths.lineup("gm")}>GM</Link> and <Link to={paths.lineup("isuzu")}>Isuzu</Link> line-ups, each
            with how many you need, and send them to our fleet desk as one request.
          </p>
        </div>
      ) : null}
      {list && list.lines.length > 0 ? (
        <>
          <section aria-labelledby="leads-fleet-vehicles">
            <h2 id="leads-fleet-vehicles" className="leads-fleet__heading">
              Vehicles: {list.unit_count} {list.unit_count === 1 ? "unit" : "units"}
            </h2>
            <ul className="leads-fleet__lines">
              {list.lines.map((line) => (
                <LineForm key={line.id} line={line} />
              ))}
            </ul>
            <p>
              <Link to={paths.inventory()}>Add more from our inventory</Link>
            </p>
          </section>
          <section aria-labelledby="leads-fleet-trade-ins">
            <h2 id="leads-fleet-trade-ins" className="leads-fleet__heading">
              Trade-ins ({list.trade_ins.length} of {FLEET_QUOTE.maxTradeIns})
            </h2>
            {list.trade_ins.length > 0 ? (
              <ul className="leads-fleet__trade-ins">
                {list.trade_ins.map((tradeIn) => (
                  <TradeInItem key={tradeIn.id} tradeIn={tradeIn} />
                ))}
              </ul>
            ) : (
              <p className="leads-muted">
                Trading vehicles in? Add each one and we will appraise them with your quote.
              </p>
            )}
            {list.trade_ins.length < FLEET_QUOTE.maxTradeIns ? <FleetQuoteTradeInForm /> : null}
          </section>
          <section aria-labelledby="leads-fleet-send" className="leads-fleet__send">
            <h2 id="leads-fleet-send" className="leads-fleet__heading">
              Send your request
            </h2>
            <FleetQuoteSend token={token} />
          </section>
        </>
      ) : null}
    </div>
  );
}
