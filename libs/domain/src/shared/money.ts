/**
 * Money is integer piastres everywhere inside (1 EGP = 100 piastres) so sums are exact;
 * EGP with 2 decimals only at the HTTP edge.
 */
export type Piastres = number;

/**
 * EGP (number or numeric string, as forms send) → piastres, half-up on the third decimal.
 * toPrecision removes binary noise first: 1.005 * 100 is 100.49999… in floating point.
 * Returns NaN for input that is not a finite number, so callers validate with isValidPiastres.
 */
export function egpToPiastres(egp: number | string): Piastres {
  const value = typeof egp === 'string' ? Number(egp.trim() === '' ? NaN : egp) : egp;
  if (!Number.isFinite(value)) return NaN;
  const scaled = Number((value * 100).toPrecision(15));
  // Half away from zero, and never -0 (Object.is(-0, 0) is false in equality checks).
  const rounded = Math.round(Math.abs(scaled));
  return scaled < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Piastres → EGP number with at most 2 decimals (what the HTTP answers carry). */
export function piastresToEgp(piastres: Piastres): number {
  // A whole number of piastres over 100 is already the nearest double to its 2-decimal EGP
  // (what toFixed would round to): every price of every page goes through here.
  return Number.isSafeInteger(piastres) ? piastres / 100 : Number((piastres / 100).toFixed(2));
}

/** Piastres → "1499.00" for CSVs and messages. */
export function formatEgp(piastres: Piastres): string {
  return (piastres / 100).toFixed(2);
}

export function isValidPiastres(value: unknown): value is Piastres {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * The highest price the shop takes: 10,000,000 EGP. Prices are stored in 32-bit integer columns
 * (at most 2,147,483,647 piastres); a larger one would be accepted here and then stop the
 * projection that stores it.
 */
export const MAX_PRICE: Piastres = 1_000_000_000;

/** A price must be a whole number of piastres above zero, and at most MAX_PRICE. */
export function isPositivePrice(value: unknown): value is Piastres {
  return isValidPiastres(value) && value > 0 && value <= MAX_PRICE;
}

/**
 * value * numerator / denominator rounded half-up, in integers only, for non-negative value.
 * Percentages of money go through here so every rounding in pricing is the same rule.
 */
export function mulDivHalfUp(value: Piastres, numerator: number, denominator: number): Piastres {
  if (value < 0) return -mulDivHalfUp(-value, numerator, denominator);
  return Math.floor((value * numerator * 2 + denominator) / (denominator * 2));
}

/** percent% of an amount, half-up. */
export function percentOf(amount: Piastres, percent: number): Piastres {
  return mulDivHalfUp(amount, percent, 100);
}
