/**
 * What a promo code may look like once normalised (normalisePromoCode): 1 to 40 upper-case
 * letters, digits, dashes or underscores, because the code travels in URLs and stream names.
 */
const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

export function isPromoCode(normalisedCode: string): boolean {
  return PROMO_CODE_PATTERN.test(normalisedCode);
}
