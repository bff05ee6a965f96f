import { parseArabicDigits, type ArabicDigits } from '#domain/shared/customer-words.js';

/**
 * ARABIC_DIGITS: arabic-indic (default) | latin. How every Arabic text a customer reads writes its
 * numbers: the storefront (served it by /api/public/config), e-mails, messages and paper.
 */
export function arabicDigitsFromEnv(env: NodeJS.ProcessEnv = process.env): ArabicDigits {
  return parseArabicDigits(env.ARABIC_DIGITS);
}
