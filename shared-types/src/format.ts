const dollars = new Intl.NumberFormat("en-CA", {
  style: "currency",
  currency: "CAD",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
});
const wholeNumber = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 0 });

/** 37880 -> "$37,880" */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}

/** 123456 -> "123,456 km" */
export function formatOdometer(km: number): string {
  return `${wholeNumber.format(km)} km`;
}

/** "a" or "an", chosen by whether the name starts with a vowel letter. */
export function indefiniteArticle(name: string): "a" | "an" {
  return /^[aeiou]/i.test(name.trim()) ? "an" : "a";
}
