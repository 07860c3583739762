import { describe, expect, it } from "vitest";
import { financeEstimate, leaseEstimate, parseAmount } from "../src/payments/payment-estimate";

/** An all-in price whose price plus GST, less the down payment, is exactly `financed` cents. */
const financing = (financedCents: number) => ({
  priceCents: financedCents,
  downCents: Math.round(financedCents * 0.05),
});

describe("finance payments against published amortization examples", () => {
  it.each([
    // numpy-financial's documented example: 200,000 at 7.5% over 15 years
    [20_000_000, 7.5, 180, 185_402],
    // the 30-year mortgage table's 200,000 at 6.5%
    [20_000_000, 6.5, 360, 126_414],
    // an auto loan: 25,000 at 7% over 60 months
    [2_500_000, 7, 60, 49_503],
    // 10,000 at 5% over 36 months
    [1_000_000, 5, 36, 29_971],
    // no interest: the amount divided evenly
    [6_000_000, 0, 60, 100_000],
  ])("%i cents at %f%% over %i months is %i cents a month", (financed, apr, months, monthly) => {
    const estimate = financeEstimate({ ...financing(financed), aprPercent: apr, termMonths: months });
    expect(estimate?.amountFinancedCents).toBe(financed);
    expect(estimate?.monthlyCents).toBe(monthly);
    expect(estimate?.totalOfPaymentsCents).toBe(monthly * months);
    expect(estimate?.totalCostOfBorrowingCents).toBe(monthly * months - financed);
  });

  it("finances the all-in price plus GST, less the down payment, and pays bi-weekly 26 times a year", () => {
    const estimate = financeEstimate({ priceCents: 9_876_543, downCents: 500_000, aprPercent: 7.99, termMonths: 60 });
    expect(estimate?.gstCents).toBe(493_827);
    expect(estimate?.amountFinancedCents).toBe(9_876_543 + 493_827 - 500_000);
    expect(estimate?.biweeklyCount).toBe(130);
    // the annuity formula at the bi-weekly rate: P = F·r / (1 − (1 + r)^−n)
    const financed = estimate?.amountFinancedCents ?? 0;
    const r = 0.0799 / 26;
    expect(estimate?.biweeklyCents).toBe(Math.round((financed * r) / (1 - (1 + r) ** -130)));
    // 26 payments a year, not 24: each a little under half the monthly one
    expect(estimate?.biweeklyCents).toBeLessThan((estimate?.monthlyCents ?? 0) / 2);
    expect(financeEstimate({ priceCents: 1_000_000, downCents: 1_050_000, aprPercent: 5, termMonths: 36 })).toBeNull();
  });
});

describe("closed-end lease payments (in advance, with a residual)", () => {
  /** The textbook annuity-due formula, written out independently of the library. */
  function byHand(capitalized: number, residual: number, apr: number, periods: number, perYear: number) {
    const r = apr / 100 / perYear;
    const v = (1 + r) ** -periods;
    return ((capitalized - residual * v) * r) / ((1 - v) * (1 + r));
  }

  it("matches the annuity-due formula and repays the capitalized cost with the residual", () => {
    const estimate = leaseEstimate({
      priceCents: 8_000_000,
      downCents: 500_000,
      aprPercent: 6,
      termMonths: 36,
      residualPercent: 40,
    });
    expect(estimate?.capitalizedCostCents).toBe(7_500_000);
    expect(estimate?.residualCents).toBe(3_200_000);
    expect(estimate?.monthlyCents).toBe(Math.round(byHand(7_500_000, 3_200_000, 6, 36, 12)));
    expect(estimate?.biweeklyCents).toBe(Math.round(byHand(7_500_000, 3_200_000, 6, 78, 26)));
    // the present value of the payments and the residual is the capitalized cost, to within the rounding of a cent
    const r = 0.06 / 12;
    const payments = estimate?.monthlyCents ?? 0;
    let presentValue = 3_200_000 * (1 + r) ** -36;
    for (let k = 0; k < 36; k++) presentValue += payments * (1 + r) ** -k;
    expect(Math.abs(presentValue - 7_500_000)).toBeLessThan(36);
    expect(estimate?.implicitFinanceChargeCents).toBe(payments * 36 + 3_200_000 - 7_500_000);
  });

  it("has nothing to lease when the down payment leaves no more than the residual", () => {
    expect(
      leaseEstimate({ priceCents: 1_000_000, downCents: 800_000, aprPercent: 6, termMonths: 36, residualPercent: 30 }),
    ).toBeNull();
  });
});

describe("reading what a visitor typed", () => {
  it.each([
    ["5000", 5000],
    ["$5,000.50", 5000.5],
    [" 7.49 % ", 7.49],
    ["", 0],
    ["abc", null],
    ["-5", null],
    ["1.2.3", null],
  ])("%j reads as %j", (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });
});
