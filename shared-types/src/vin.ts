/** Each letter's value in the North American VIN check digit (ISO 3779 / 49 CFR 565); I, O and Q never appear. */
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit position 9 of a VIN must hold ("X" for 10). */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce(
    (acc, c, i) => acc + (/\d/.test(c) ? Number(c) : (LETTER_VALUES[c] ?? 0)) * (WEIGHTS[i] ?? 0),
    0,
  );
  return sum % 11 === 10 ? "X" : String(sum % 11);
}

/** Why a VIN is not one, or null when it is: 17 characters without I, O or Q, with a check digit that holds. */
export function vinProblem(raw: string): string | null {
  const vin = raw.trim().toUpperCase();
  if (vin.length !== 17) return `VIN ${JSON.stringify(raw)} has ${vin.length} characters, not 17`;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return `VIN ${vin} has characters a VIN cannot have (I, O, Q or symbols)`;
  const expected = vinCheckDigit(vin);
  if (vin[8] !== expected) return `VIN ${vin} fails its check digit (position 9 is ${vin[8]}, should be ${expected})`;
  return null;
}
