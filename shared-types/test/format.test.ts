import { describe, expect, it } from "vitest";
import { formatCents, formatDollars, formatNumber, formatOdometer, formatPrice } from "../src/index.js";

// the site writes its numbers out by hand (src/format.ts); they must read exactly as en-CA's Intl writes them
const intlDollars = new Intl.NumberFormat("en-CA", {
  style: "currency",
  currency: "CAD",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
});
const intlCents = new Intl.NumberFormat("en-CA", {
  style: "currency",
  currency: "CAD",
  currencyDisplay: "narrowSymbol",
});
const intlOne = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 1 });
const intlWhole = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 0 });

const samples = [
  // (Intl writes -0.4 rounded as "-0"; the site writes "0")
  0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 37880, 99999, 100000, 123456, 999999, 1000000, 12345678, 0.5,
  1.25, 2.5, 12.25, 12.35, 16.04, 16.05, 0.04, 1999.995, 37675.06, 37675.5, 64999.99, -1, -2.5, -1234.56,
];

describe("numbers as en-CA writes them", () => {
  it.each(samples)("%d", (value) => {
    expect(formatNumber(value)).toBe(intlWhole.format(value));
    expect(formatNumber(value, 1)).toBe(intlOne.format(value));
    expect(formatDollars(value)).toBe(intlDollars.format(value));
    expect(formatPrice(value)).toBe(intlDollars.format(value));
    expect(formatDollars(value, { cents: true })).toBe(intlCents.format(value));
    expect(formatOdometer(value)).toBe(`${intlWhole.format(value)} km`);
  });

  it("cents: whole dollars without them, others with both digits", () => {
    expect(formatCents(3767500)).toBe("$37,675");
    expect(formatCents(3767506)).toBe("$37,675.06");
    expect(formatCents(3767550)).toBe("$37,675.50");
    expect(formatCents(-125)).toBe("-$1.25");
  });
});
