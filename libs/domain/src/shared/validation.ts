/** Small input checks shared by deciders (commands come from forms: strings may be blank). */

export function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function isBlank(value: unknown): boolean {
  return trimmed(value).length === 0;
}

/** A whole-number percentage from 1 to 100 (discounts and promo codes). */
export function isPercentage(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed, lower-cased e-mail: uniqueness and lookups are case-insensitive. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
