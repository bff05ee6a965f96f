import { isPromoCode } from './promo-code-format.js';

describe('isPromoCode', () => {
  it('takes 1 to 40 upper-case letters, digits, dashes and underscores', () => {
    expect(isPromoCode('A')).toBe(true);
    expect(isPromoCode('FOLLOW-10_X9')).toBe(true);
    expect(isPromoCode('X'.repeat(40))).toBe(true);
  });

  it('refuses what could not sit in a URL or stream name, and codes not yet normalised', () => {
    for (const code of ['', 'X'.repeat(41), 'save10', 'SAVE 10', 'SAVE/10', 'ÄRGER', 'SAVE10\n']) expect(isPromoCode(code)).toBe(false);
  });
});
