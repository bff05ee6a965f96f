/**
 * Egyptian mobile numbers: 01[0125] + 8 digits, stored as 01XXXXXXXXX. Shoppers type them
 * with +20 or 0020, with spaces or dashes, and often with Arabic-Indic digits from an Arabic
 * keyboard; all of those are the same number.
 */

const ARABIC_INDIC_ZERO = 0x0660; // ٠
const PERSIAN_ZERO = 0x06f0; // ۰

/** ٠-٩ and ۰-۹ → 0-9; other characters unchanged. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

const MOBILE = /^01[0125]\d{8}$/;

/** Returns 01XXXXXXXXX, or undefined when the input is not an Egyptian mobile number. */
export function normaliseEgyptianPhone(raw: string): string | undefined {
  // Separators people type or paste: spaces (incl. no-break), dashes, dots, parentheses, and the bidi marks Arabic text carries.
  let digits = toAsciiDigits(raw).replace(/[\s\-.()\u00a0\u200e\u200f\u202a-\u202e]/g, '');
  if (digits.startsWith('+')) digits = `00${digits.slice(1)}`;
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.startsWith('0020')) digits = digits.slice(4);
  else if (digits.startsWith('20') && digits.length === 12) digits = digits.slice(2);
  if (!digits.startsWith('0')) digits = `0${digits}`;
  return MOBILE.test(digits) ? digits : undefined;
}
