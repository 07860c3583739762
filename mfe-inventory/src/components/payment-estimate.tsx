import { useState } from "react";
import { defineIsland } from "remote-kit";
import { formatCents } from "shared-types";
import {
  FINANCE_TERMS_MONTHS,
  type FinanceEstimate,
  financeEstimate,
  GST_RATE,
  LEASE_TERMS_MONTHS,
  type LeaseEstimate,
  leaseEstimate,
  parseAmount,
} from "../payments/payment-estimate";

type Plan = "finance" | "lease";

/** The example rates the estimate starts from: typical of GM and Isuzu commercial programs; the visitor changes them. */
const EXAMPLE = {
  finance: { apr: "7.99", term: 60 },
  lease: { apr: "7.49", term: 48, residual: "30" },
};

const MAX_APR = 30;

interface Typed {
  down: string;
  apr: string;
  term: number;
  residual: string;
}

/** What is wrong with what was typed, by field; the typed text itself is always kept. */
function problems(plan: Plan, typed: Typed, priceCents: number) {
  const found: Partial<Record<EstimateInput, string>> = {};
  const down = parseAmount(typed.down);
  const limit = plan === "finance" ? priceCents + Math.round(priceCents * GST_RATE) : priceCents;
  if (down === null) found.down = "Enter the down payment in dollars, for example 5000.";
  else if (down * 100 >= limit) found.down = `The down payment must be less than ${formatCents(limit)}.`;
  const apr = parseAmount(typed.apr);
  if (apr === null || apr > MAX_APR) found.apr = `Enter a rate from 0 to ${MAX_APR}%, for example 7.99.`;
  if (plan === "lease") {
    const residual = parseAmount(typed.residual);
    if (residual === null || residual < 1 || residual > 80) found.residual = "Enter a residual from 1 to 80%.";
  }
  return found;
}

/** The two payments, the figures a visitor came for. */
function Payments({
  monthlyCents,
  biweeklyCents,
  plusGst = false,
}: {
  monthlyCents: number;
  biweeklyCents: number;
  plusGst?: boolean;
}) {
  return (
    <p className="inventory-estimate__payments">
      <span>
        <strong data-testid="estimate-monthly">{formatCents(monthlyCents)}</strong> / month
      </span>
      <span>
        or <strong data-testid="estimate-biweekly">{formatCents(biweeklyCents)}</strong> bi-weekly
      </span>
      {plusGst ? <span className="inventory-muted">plus GST on each payment</span> : null}
    </p>
  );
}

/** The terms of a stated finance payment, as the disclosure regulation asks: APR, term, amount financed, cost. */
function FinanceDisclosure({
  finance,
  priceCents,
  downCents,
  apr,
  term,
}: {
  finance: FinanceEstimate;
  priceCents: number;
  downCents: number;
  apr: number;
  term: number;
}) {
  return (
    <>
      <Payments monthlyCents={finance.monthlyCents} biweeklyCents={finance.biweeklyCents} />
      <p className="inventory-estimate__disclosure">
        Estimate on approved credit (OAC). Example: an all-in price of {formatCents(priceCents)} plus{" "}
        {formatCents(finance.gstCents)} GST
        {downCents > 0 ? `, less ${formatCents(downCents)} down,` : ""} finances{" "}
        <strong>{formatCents(finance.amountFinancedCents)}</strong> at <strong>{apr}% APR</strong> over{" "}
        <strong>{term} months</strong>: {term} monthly payments of {formatCents(finance.monthlyCents)}, total{" "}
        {formatCents(finance.totalOfPaymentsCents)}; total cost of borrowing{" "}
        <strong>{formatCents(finance.totalCostOfBorrowingCents)}</strong>. Or {finance.biweeklyCount} bi-weekly payments
        of {formatCents(finance.biweeklyCents)}, total cost of borrowing{" "}
        {formatCents(finance.biweeklyCostOfBorrowingCents)}. Fleet incentives are not included. Rates and terms vary by
        lender and credit; ask our finance team for a quote.
      </p>
    </>
  );
}

/** The terms of a stated lease payment: capitalized cost, APR, term, buy-out and implicit finance charge. */
function LeaseDisclosure({
  lease,
  priceCents,
  downCents,
  apr,
  term,
}: {
  lease: LeaseEstimate;
  priceCents: number;
  downCents: number;
  apr: number;
  term: number;
}) {
  return (
    <>
      <Payments monthlyCents={lease.monthlyCents} biweeklyCents={lease.biweeklyCents} plusGst />
      <p className="inventory-estimate__disclosure">
        Closed-end lease estimate for business use, on approved credit (OAC). Example: an all-in price of{" "}
        {formatCents(priceCents)}
        {downCents > 0 ? `, less ${formatCents(downCents)} down,` : ""} leases{" "}
        <strong>{formatCents(lease.capitalizedCostCents)}</strong> at <strong>{apr}% APR</strong> over{" "}
        <strong>{term} months</strong>: {term} monthly payments of {formatCents(lease.monthlyCents)} due at the start of
        each month, total {formatCents(lease.totalOfPaymentsCents)}, with the option to buy the unit for{" "}
        {formatCents(lease.residualCents)} at the end; implicit finance charge{" "}
        <strong>{formatCents(lease.implicitFinanceChargeCents)}</strong>. Or {lease.biweeklyCount} bi-weekly payments of{" "}
        {formatCents(lease.biweeklyCents)}. GST is charged on each payment. Kilometre limits and wear charges apply; ask
        our fleet team for a quote.
      </p>
    </>
  );
}

type EstimateInput = "down" | "apr" | "residual";

/** One typed figure of the estimate, with its unit and either its hint or what is wrong with it. */
function EstimateField({
  id,
  name,
  label,
  suffix,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  name: EstimateInput;
  label: string;
  suffix: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="inventory-estimate__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <span className="inventory-estimate__input">
        {suffix === "$" ? <span aria-hidden="true">$</span> : null}
        <input
          id={`${id}-${name}`}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-${name}-note`}
          onChange={(event) => onChange(event.target.value)}
        />
        {suffix === "%" ? <span aria-hidden="true">%</span> : null}
      </span>
      <span id={`${id}-${name}-note`} className={error ? "inventory-estimate__error" : "inventory-estimate__hint"}>
        {error ?? hint}
      </span>
    </div>
  );
}

const termText = (months: number) => `${months} months`;

/**
 * The vehicle page's payment estimate: finance or, for business buyers, a closed-end lease; monthly and bi-weekly,
 * recomputed as the visitor types, with the disclosure Alberta's Cost of Credit Disclosure Regulation asks of a
 * stated payment (APR, term, amount financed, total cost of borrowing, an example). Not shown without a price.
 */
function Estimate({ priceCents }: { priceCents: number }) {
  // a fixed prefix, not useId: the server renders the remote's region as its own root, so tree-position ids differ
  // between the server's HTML and the hydrating page; the page has one estimate
  const id = "inventory-estimate";
  const [plan, setPlan] = useState<Plan>("finance");
  const [typed, setTyped] = useState<Record<Plan, Typed>>({
    finance: { down: "0", apr: EXAMPLE.finance.apr, term: EXAMPLE.finance.term, residual: "" },
    lease: { down: "0", apr: EXAMPLE.lease.apr, term: EXAMPLE.lease.term, residual: EXAMPLE.lease.residual },
  });
  const current = typed[plan];
  const set = (field: keyof Typed, value: string | number) =>
    setTyped((all) => ({ ...all, [plan]: { ...all[plan], [field]: value } }));
  const found = problems(plan, current, priceCents);
  const valid = Object.keys(found).length === 0;
  const downCents = Math.round((parseAmount(current.down) ?? 0) * 100);
  const apr = parseAmount(current.apr) ?? 0;
  const finance =
    valid && plan === "finance"
      ? financeEstimate({ priceCents, downCents, aprPercent: apr, termMonths: current.term })
      : null;
  const lease =
    valid && plan === "lease"
      ? leaseEstimate({
          priceCents,
          downCents,
          aprPercent: apr,
          termMonths: current.term,
          residualPercent: parseAmount(current.residual) ?? 0,
        })
      : null;
  const field = (name: EstimateInput, label: string, suffix: string, hint: string) => (
    <EstimateField
      id={id}
      name={name}
      label={label}
      suffix={suffix}
      hint={hint}
      value={current[name]}
      error={found[name]}
      onChange={(value) => set(name, value)}
    />
  );
  const terms = plan === "finance" ? FINANCE_TERMS_MONTHS : LEASE_TERMS_MONTHS;

  return (
    <section className="inventory-estimate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Estimate your payment</h2>
      <fieldset className="inventory-estimate__plans">
        <legend className="inventory-visually-hidden">Finance or lease</legend>
        <label>
          <input type="radio" name={`${id}-plan`} checked={plan === "finance"} onChange={() => setPlan("finance")} />
          Finance
        </label>
        <label>
          <input type="radio" name={`${id}-plan`} checked={plan === "lease"} onChange={() => setPlan("lease")} />
          Lease (business buyers, closed-end)
        </label>
      </fieldset>
      <div className="inventory-estimate__fields">
        {field(
          "down",
          plan === "finance" ? "Down payment" : "Down payment (reduces the amount leased)",
          "$",
          "Optional",
        )}
        {field("apr", "Annual percentage rate (APR)", "%", "Your rate depends on credit approval")}
        <div className="inventory-estimate__field">
          <label htmlFor={`${id}-term`}>Term</label>
          <select id={`${id}-term`} value={current.term} onChange={(event) => set("term", Number(event.target.value))}>
            {terms.map((months) => (
              <option key={months} value={months}>
                {termText(months)}
              </option>
            ))}
          </select>
        </div>
        {plan === "lease"
          ? field("residual", "Residual (buy-out at the end)", "%", "Share of the price the unit is worth at the end")
          : null}
      </div>
      <div className="inventory-estimate__result" aria-live="polite">
        {finance ? (
          <FinanceDisclosure
            finance={finance}
            priceCents={priceCents}
            downCents={downCents}
            apr={apr}
            term={current.term}
          />
        ) : null}
        {lease ? (
          <LeaseDisclosure lease={lease} priceCents={priceCents} downCents={downCents} apr={apr} term={current.term} />
        ) : null}
        {valid && !finance && !lease ? (
          <p className="inventory-estimate__error" role="status">
            With that down payment there is nothing left to {plan === "finance" ? "finance" : "lease"}.
          </p>
        ) : null}
        {!valid ? (
          <p className="inventory-estimate__error" role="status">
            Correct the highlighted field to see the estimate.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** An island of its own, hydrated when it comes near the screen: it sits below the fold, after the form. */
export const PaymentEstimate = defineIsland("inventory/island/payment-estimate", Estimate, { hydrate: "visible" });
export default PaymentEstimate;
