// Written out rather than Intl.NumberFormat: a page's first Intl formatter loads the locale's data, about 50 ms of
// a phone's CPU at the moment a visitor first touches a part with prices in it (issue 32). The output is en-CA's,
// checked against Intl in shared-types/test/format.test.ts.

/** 1234567 -> "1,234,567" (a whole, non-negative number) */
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** A number rounded to at most `digits` decimals, grouped by thousands: 19500 -> "19,500", 12.25 -> "12.3" (1). */
export function formatNumber(value: number, digits = 0): string {
  const scale = 10 ** digits;
  const scaled = Math.round(Math.abs(value) * scale);
  const whole = Math.floor(scaled / scale);
  const fraction =
    digits > 0
      ? String(scaled % scale)
          .padStart(digits, "0")
          .replace(/0+$/, "")
      : "";
  const sign = value < 0 && scaled > 0 ? "-" : "";
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** Dollars as en-CA shows Canadian dollars: 37880 -> "$37,880"; with cents, 37675.06 -> "$37,675.06". */
export function formatDollars(amount: number, { cents = false } = {}): string {
  const sign = amount < 0 ? "-" : "";
  if (!cents) return `${Math.round(Math.abs(amount)) > 0 ? sign : ""}$${formatNumber(Math.abs(amount))}`;
  const inCents = Math.round(Math.abs(amount) * 100);
  const remainder = String(inCents % 100).padStart(2, "0");
  return `${inCents > 0 ? sign : ""}$${groupThousands(Math.floor(inCents / 100))}.${remainder}`;
}

/** 37880 -> "$37,880" */
export function formatPrice(amount: number): string {
  return formatDollars(amount);
}

/** 123456 -> "123,456 km" */
export function formatOdometer(km: number): string {
  return `${formatNumber(km)} km`;
}

/** "a" or "an", chosen by whether the name starts with a vowel letter. */
export function indefiniteArticle(name: string): "a" | "an" {
  return /^[aeiou]/i.test(name.trim()) ? "an" : "a";
}
