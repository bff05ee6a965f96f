import fc from 'fast-check';
import { normaliseEgyptianPhone, toAsciiDigits } from './egyptian-phone.js';

describe('normaliseEgyptianPhone', () => {
  it.each([
    ['01012345678', '01012345678'],
    ['011 1234 5678', '01112345678'],
    ['012-1234-5678', '01212345678'],
    ['+20 15 1234 5678', '01512345678'],
    ['+20 015 1234 5678', '01512345678'],
    ['0020 10 1234 5678', '01012345678'],
    ['201012345678', '01012345678'],
    ['(010) 1234.5678', '01012345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['۰۱۱۱۲۳۴۵۶۷۸', '01112345678'],
    ['+٢٠ ١٠ ١٢٣٤ ٥٦٧٨', '01012345678'],
    ['\u200e01012345678', '01012345678'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseEgyptianPhone(input)).toBe(expected);
  });

  it.each(['', '0101234567', '010123456789', '01312345678', '02 2345 6789', '+1 202 555 0100', '01O12345678', 'phone'])('refuses %p', (input) => {
    expect(normaliseEgyptianPhone(input)).toBeUndefined();
  });

  it('maps Arabic-Indic and Persian digits to ASCII', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });

  it('every valid mobile survives any of the accepted spellings', () => {
    const mobile = fc
      .tuple(fc.constantFrom('0', '1', '2', '5'), fc.stringMatching(/^\d{8}$/))
      .map(([operator, rest]) => `01${operator}${rest}`);
    const spelling = fc.constantFrom(
      (n: string) => n,
      (n: string) => `+20${n.slice(1)}`,
      (n: string) => `0020 ${n.slice(1)}`,
      (n: string) => `${n.slice(0, 3)}-${n.slice(3, 7)} ${n.slice(7)}`,
      (n: string) => n.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))),
    );
    fc.assert(fc.property(mobile, spelling, (n, spell) => normaliseEgyptianPhone(spell(n)) === n));
  });
});
