import { describe, expect, it } from 'vitest';
import { STAFF_WORDING_CODES, type StaffWording, type StaffWordingArgs, type StaffWordingCode } from '../../../../libs/domain/src/admin/staff-wording';
import { STAFF_CATALOGUES, errorWording, orderMarkedAs, staffSays, type StaffLanguage } from './staff-wording';

/** Arguments for every code, as the server sends them: the compiler asks for one per code. */
const SAMPLES: { [C in StaffWordingCode]: StaffWordingArgs[C] } = {
  'order.placed': { orderNumber: 'PS-AB12-CD34', total: 530, items: 2, paymentMethod: 'COD', promoCode: 'FOLLOW10' },
  'order.statusChanged': { from: 'CONFIRMED', to: 'SHIPPED', reason: null, courier: 'Bosta', trackingNumber: 'BST-1' },
  'order.statusCorrected': { from: 'DELIVERED', to: 'REFUSED', reason: 'courier swapped two parcels' },
  'order.detailsCorrected': { fields: ['phone', 'notes'] },
  'order.edited': { fields: ['lines'], governorate: null, lines: { from: [{ name: 'Salah', size: 'SIZE_40x50', quantity: 1 }], to: [] }, totals: [{ figure: 'codFee', from: 20, to: 0 }], reason: null },
  'order.noteAdded': {},
  'order.returned': { items: 1, refund: 240, reason: null },
  'order.refunded': { amount: 240 },
  'order.settlementLine': { courier: 'Bosta', trackingNumber: 'BST-1', line: 3, outcome: 'applied', reason: null },
  'order.otherEvent': { type: 'OrderShippedByDrone' },
  'field.invalid': { field: 'trackingUrlTemplate', detail: 'must start with https://' },
};

/** What a developer writes and staff must never read: camelCase names, UPPER_CASE codes, "key:" pairs. */
const DEVELOPER_WORDS = /\b[a-z]+[A-Z]\w*\b|\b[A-Z]{2,}_[A-Z_]+\b|\b(SHIPPED|DELIVERED|REFUSED|CONFIRMED|COD)\b|\b\w+: \d/;

describe('the staff wording catalogue', () => {
  const languages = Object.keys(STAFF_CATALOGUES) as StaffLanguage[];

  it.each(languages.flatMap((language) => STAFF_WORDING_CODES.map((code) => [language, code] as const)))('%s words %s as a sentence', (language, code) => {
    const sentence = staffSays({ code, args: SAMPLES[code] } as StaffWording, language);
    expect(sentence.trim().length).toBeGreaterThan(5);
    expect(sentence).not.toMatch(DEVELOPER_WORDS);
  });

  it('says the facts of the first day in plain English', () => {
    expect(staffSays({ code: 'order.returned', args: { items: 1, refund: 240, reason: null } })).toBe('Returned 1 item; LE 240.00 handed back');
    expect(staffSays({ code: 'order.returned', args: { items: 3, refund: 0, reason: 'torn' } })).toBe('Returned 3 items; LE 0.00 handed back. Reason: torn');
    expect(staffSays({ code: 'field.invalid', args: { field: 'trackingUrlTemplate', detail: 'must start with https://' } })).toBe('The tracking link must start with https://');
    expect(staffSays({ code: 'field.invalid', args: { field: 'endsOn', detail: 'The end must not be before the start' } })).toBe('The end date: The end must not be before the start');
    expect(orderMarkedAs('PS-1', 'SHIPPED')).toBe('Order PS-1 marked as shipped');
  });

  it('spells out a field or a code this build does not know rather than showing it as code', () => {
    expect(staffSays({ code: 'field.invalid', args: { field: 'returnWindowDays', detail: 'must be a whole number' } })).toBe('The return window days must be a whole number');
    expect(staffSays({ code: 'order.somethingNew', args: {} })).toBe('order something new');
  });

  it('reads the wording an error body carries, and nothing else', () => {
    const wording = { code: 'field.invalid', args: { field: 'code', detail: 'must be 3 to 20 letters or digits' } };
    expect(errorWording({ status: 400, data: { message: 'code must be 3 to 20 letters or digits', wording } })).toEqual(wording);
    expect(errorWording({ status: 400, data: { message: 'nope' } })).toBeUndefined();
    expect(errorWording(undefined)).toBeUndefined();
  });
});
