import { describe, expect, it } from '@jest/globals';
import { decimalInteger, toInteger } from './strict-integer.js';

describe('strict integers from client text', () => {
  it('reads plain decimal digits, signed or with leading zeros', () => {
    expect(['0', '16', '-3', '007', '999999999999999'].map(decimalInteger)).toEqual([0, 16, -3, 7, 999999999999999]);
  });

  it('refuses what Number() would take: hex, binary, octal, exponents, fractions, spaces, signs, Infinity', () => {
    for (const text of ['0x10', '0b11', '0o7', '1e3', '2.0', '.5', ' 2', '2 ', '+2', '', 'Infinity', 'NaN', '1_000', '٣', '9999999999999999']) {
      expect(decimalInteger(text)).toBeUndefined();
    }
  });

  it('leaves refused text and numbers for @IsInt to judge', () => {
    expect(toInteger({ value: '0x10' })).toBe('0x10');
    expect(toInteger({ value: '12' })).toBe(12);
    expect(toInteger({ value: 2.5 })).toBe(2.5);
    expect(toInteger({ value: ['1', '2'] })).toEqual(['1', '2']);
  });
});
