import { PaymentDueTime, pmt } from "financial";

/**
 * Payment estimates for the vehicle page, in integer cents. The payment itself is the standard annuity formula,
 * P = r·PV / (1 − (1 + r)^−n), with the residual and payments in advance for a lease, computed by `financial`
 * (a port of numpy-financial's pmt, tested against it). Rates are annual percentage rates compounded per payment.
 */

/** GST on a vehicle sold in Alberta (no provincial sales tax). */
export const GST_RATE = 0.05;

export const FINANCE_TERMS_MONTHS = [24, 36, 48, 60, 72, 84] as const;
export const LEASE_TERMS_MONTHS = [24, 36, 48, 60] as const;

/** Bi-weekly: 26 payments a year, over the same term. Every term offered is whole years, so the count is exact. */
const biweeklyPayments = (months: number) => Math.round((months * 26) / 12);

/** pmt's answer (the payment as money out, in the units given) as positive cents, to the cent. */
const paymentCents = (value: number) => Math.round(-value);

export interface FinanceInput {
  /** the all-in price before GST */
  priceCents: number;
  downCents: number;
  aprPercent: number;
  termMonths: number;
}

export interface FinanceEstimate {
  gstCents: number;
  amountFinancedCents: number;
  monthlyCents: number;
  biweeklyCents: number;
  biweeklyCount: number;
  /** what the monthly payments add up to, less the amount financed: the interest (Alberta's cost of borrowing) */
  totalCostOfBorrowingCents: number;
  totalOfPaymentsCents: number;
  biweeklyCostOfBorrowingCents: number;
}

/** A loan for the all-in price plus GST, less the down payment. Null when nothing is left to finance. */
export function financeEstimate({
  priceCents,
  downCents,
  aprPercent,
  termMonths,
}: FinanceInput): FinanceEstimate | null {
  const gstCents = Math.round(priceCents * GST_RATE);
  const amountFinancedCents = priceCents + gstCents - downCents;
  if (amountFinancedCents <= 0) return null;
  const rate = aprPercent / 100;
  const monthlyCents = paymentCents(pmt(rate / 12, termMonths, amountFinancedCents));
  const biweeklyCount = biweeklyPayments(termMonths);
  const biweeklyCents = paymentCents(pmt(rate / 26, biweeklyCount, amountFinancedCents));
  const totalOfPaymentsCents = monthlyCents * termMonths;
  return {
    gstCents,
    amountFinancedCents,
    monthlyCents,
    biweeklyCents,
    biweeklyCount,
    totalOfPaymentsCents,
    totalCostOfBorrowingCents: totalOfPaymentsCents - amountFinancedCents,
    biweeklyCostOfBorrowingCents: biweeklyCents * biweeklyCount - amountFinancedCents,
  };
}

export interface LeaseInput {
  priceCents: number;
  /** paid at signing; lowers the amount the lease finances (the capitalized cost) */
  downCents: number;
  aprPercent: number;
  termMonths: number;
  /** what the unit is worth at the end, as a share of the price: the buyer may buy it for that */
  residualPercent: number;
}

export interface LeaseEstimate {
  capitalizedCostCents: number;
  residualCents: number;
  /** before GST, which is charged on each payment */
  monthlyCents: number;
  biweeklyCents: number;
  biweeklyCount: number;
  totalOfPaymentsCents: number;
  /** the lease's interest: payments plus the residual, less the capitalized cost */
  implicitFinanceChargeCents: number;
}

/** A closed-end lease: payments at the start of each period that, with the residual, repay the capitalized cost. */
export function leaseEstimate({
  priceCents,
  downCents,
  aprPercent,
  termMonths,
  residualPercent,
}: LeaseInput): LeaseEstimate | null {
  const capitalizedCostCents = priceCents - downCents;
  const residualCents = Math.round((priceCents * residualPercent) / 100);
  if (capitalizedCostCents <= residualCents) return null;
  const rate = aprPercent / 100;
  const monthlyCents = paymentCents(
    pmt(rate / 12, termMonths, capitalizedCostCents, -residualCents, PaymentDueTime.Begin),
  );
  const biweeklyCount = biweeklyPayments(termMonths);
  const biweeklyCents = paymentCents(
    pmt(rate / 26, biweeklyCount, capitalizedCostCents, -residualCents, PaymentDueTime.Begin),
  );
  const totalOfPaymentsCents = monthlyCents * termMonths;
  return {
    capitalizedCostCents,
    residualCents,
    monthlyCents,
    biweeklyCents,
    biweeklyCount,
    totalOfPaymentsCents,
    implicitFinanceChargeCents: totalOfPaymentsCents + residualCents - capitalizedCostCents,
  };
}

/**
 * Reads what a visitor typed: "$5,000", "5000.50", " 7.49 % ". Null when it is not a number; the caller says why.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s$,%]/g, "");
  if (cleaned === "") return 0;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}
