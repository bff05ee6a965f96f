import { DomainError } from '../shared/domain-error.js';
import { evolveAll } from '../shared/decider.js';
import { checkoutNotAccepted } from './blocked-phone.js';
import { customerScreeningDecider, initialCustomerScreeningState } from './customer-screening.decider.js';
import type { OrderScreened } from './events.js';
import { needsReview } from './needs-review.js';
import { phoneBlockDecider } from './phone-block.decider.js';
import { lineSignature, screenOrder, type OrderToScreen } from './screening-flags.js';
import { screeningSettingsDecider } from './screening-settings.decider.js';
import { DEFAULT_ORDER_SCREENING_SETTINGS, validateScreeningSettings, type OrderScreeningSettings } from './screening-settings.js';

const by = { username: 'boss', role: 'owner' as const };
const settings: OrderScreeningSettings = { reviewAfterRefusals: 2, duplicateWindowMinutes: 60, largeFirstOrderMinimum: 200_000, manyOrdersPerHour: 10 };
const line = (posterId: string, quantity = 1) => ({ kind: 'poster' as const, posterId, productId: null, variantId: 'v1', size: 'SIZE_20x30' as const, quantity, customImagePath: null });
const order = (orderId: string, placedAt: string, lines = lineSignature([line('p1'), line('p2')]), total = 50_000): OrderToScreen => ({ orderId, orderNumber: `PS-${orderId}`, placedAt, lines, total });

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('order screening flags', () => {
  it('the same lines in another order of the cart are the same lines; another quantity is not', () => {
    expect(lineSignature([line('p1'), line('p2')])).toBe(lineSignature([line('p2'), line('p1')]));
    expect(lineSignature([line('p1', 2)])).not.toBe(lineSignature([line('p1', 1)]));
  });

  it('flags the same lines within the window as a duplicate of the nearest such order', () => {
    const earlier = [order('a', '2026-11-27T10:00:00.000Z'), order('b', '2026-11-27T10:20:00.000Z')];
    expect(screenOrder(order('c', '2026-11-27T10:30:00.000Z'), earlier, 2, settings)).toEqual({ flags: ['LIKELY_DUPLICATE'], duplicateOf: 'PS-b' });
  });

  it('flags an order screened after a racing one placed a moment later: it duplicates that one', () => {
    const earlier = [order('a', '2026-11-27T09:00:00.000Z'), order('b', '2026-11-27T10:00:00.050Z')];
    expect(screenOrder(order('c', '2026-11-27T10:00:00.000Z'), earlier, 2, settings)).toEqual({ flags: ['LIKELY_DUPLICATE'], duplicateOf: 'PS-b' });
  });

  it('does not flag other lines, an order outside the window, or any order when the window is 0', () => {
    const earlier = [order('a', '2026-11-27T10:00:00.000Z')];
    expect(screenOrder(order('c', '2026-11-27T10:30:00.000Z', lineSignature([line('p9')])), earlier, 1, settings).flags).toEqual([]);
    expect(screenOrder(order('c', '2026-11-27T11:00:00.001Z'), earlier, 1, settings).flags).toEqual([]);
    expect(screenOrder(order('c', '2026-11-27T11:00:00.000Z'), earlier, 1, settings).flags).toEqual(['LIKELY_DUPLICATE']);
    expect(screenOrder(order('c', '2026-11-27T10:01:00.000Z'), earlier, 1, { ...settings, duplicateWindowMinutes: 0 }).flags).toEqual([]);
  });

  it('flags a first order at or above the minimum, never a second one, never when the minimum is 0', () => {
    const big = order('a', '2026-11-27T10:00:00.000Z', 'x', 200_000);
    expect(screenOrder(big, [], 0, settings).flags).toEqual(['LARGE_FIRST_ORDER']);
    expect(screenOrder({ ...big, total: 199_999 }, [], 0, settings).flags).toEqual([]);
    expect(screenOrder(big, [], 1, settings).flags).toEqual([]);
    expect(screenOrder(big, [], 0, { ...settings, largeFirstOrderMinimum: 0 }).flags).toEqual([]);
  });

  it('flags the order past the hourly number of one person\'s orders, either side in time, never when it is 0', () => {
    // Three earlier orders of other lines (no duplicate) within the hour, one just outside it.
    const other = (id: string, at: string) => order(id, at, lineSignature([line(id)]));
    const earlier = [other('a', '2026-11-27T09:00:00.000Z'), other('b', '2026-11-27T09:30:00.000Z'), other('c', '2026-11-27T09:59:00.000Z'), other('d', '2026-11-27T10:20:00.000Z')];
    const next = order('e', '2026-11-27T10:00:00.000Z', lineSignature([line('e')]));
    expect(screenOrder(next, earlier, 4, { ...settings, manyOrdersPerHour: 3 }).flags).toEqual(['MANY_ORDERS_FROM_PHONE']);
    expect(screenOrder(next, earlier, 4, { ...settings, manyOrdersPerHour: 4 }).flags).toEqual([]);
    expect(screenOrder(next, earlier, 4, { ...settings, manyOrdersPerHour: 0 }).flags).toEqual([]);
    // The order itself, screened again, is not one of its own earlier orders.
    expect(screenOrder(next, [...earlier, next], 5, { ...settings, manyOrdersPerHour: 3 }).flags).toEqual(['MANY_ORDERS_FROM_PHONE']);
  });

  it('the person\'s stream decides once per order, and a later order sees the earlier one', () => {
    const first = customerScreeningDecider.decide({ type: 'ScreenOrder', data: { subjectId: 's1', order: order('a', '2026-11-27T10:00:00.000Z'), settings } }, initialCustomerScreeningState);
    expect(first).toHaveLength(1);
    const state = evolveAll(customerScreeningDecider, first as OrderScreened[]);
    expect(customerScreeningDecider.decide({ type: 'ScreenOrder', data: { subjectId: 's1', order: order('a', '2026-11-27T10:00:00.000Z'), settings } }, state)).toEqual([]);
    const [second] = customerScreeningDecider.decide({ type: 'ScreenOrder', data: { subjectId: 's1', order: order('b', '2026-11-27T10:05:00.000Z'), settings } }, state);
    expect(second.data).toMatchObject({ subjectId: 's1', orderNumber: 'PS-b', flags: ['LIKELY_DUPLICATE'], duplicateOf: 'PS-a' });
  });
});

describe('needs review', () => {
  it('from the owner\'s number of refusals; 0 turns it off', () => {
    expect(needsReview(1, { reviewAfterRefusals: 2 })).toBe(false);
    expect(needsReview(2, { reviewAfterRefusals: 2 })).toBe(true);
    expect(needsReview(9, { reviewAfterRefusals: 0 })).toBe(false);
  });
});

describe('screening settings', () => {
  it('keeps the fields not sent and records every setting once changed', () => {
    const [changed] = screeningSettingsDecider.decide({ type: 'ChangeOrderScreeningSettings', data: { settings: { largeFirstOrderMinimum: 300_000 }, by, now: 't' } }, DEFAULT_ORDER_SCREENING_SETTINGS);
    expect(changed.data.settings).toEqual({ ...DEFAULT_ORDER_SCREENING_SETTINGS, largeFirstOrderMinimum: 300_000 });
    expect(changed.data.by).toEqual(by);
    expect(screeningSettingsDecider.decide({ type: 'ChangeOrderScreeningSettings', data: { settings: { ...DEFAULT_ORDER_SCREENING_SETTINGS }, by, now: 't' } }, DEFAULT_ORDER_SCREENING_SETTINGS)).toEqual([]);
  });

  it.each([
    ['reviewAfterRefusals', -1],
    ['reviewAfterRefusals', 1.5],
    ['duplicateWindowMinutes', 1e9],
    ['duplicateWindowMinutes', '60'],
    ['largeFirstOrderMinimum', -100],
    ['largeFirstOrderMinimum', Number.NaN],
    ['manyOrdersPerHour', 51],
  ])('refuses %s = %p naming the field', (field, value) => {
    const e = errorOf(() => validateScreeningSettings({ [field]: value }, DEFAULT_ORDER_SCREENING_SETTINGS));
    expect(e.code).toBe('SCREENING_SETTINGS_INVALID');
    expect(Object.keys(e.fieldErrors ?? {})).toEqual([field]);
  });
});

describe('phone blocks', () => {
  const block = (phone: unknown, reason: unknown = 'FAKE_ORDERS') => ({ type: 'BlockPhone' as const, data: { subjectId: 's1', phone, reason, by, now: '2026-11-27T10:00:00.000Z' } });

  it('records the normalised phone, the reason and who blocked it; the same block again records nothing', () => {
    const [blocked] = phoneBlockDecider.decide(block('+20 100 123 4567'), phoneBlockDecider.initialState);
    expect(blocked).toEqual({ type: 'PhoneBlocked', data: { subjectId: 's1', phone: '01001234567', reason: 'FAKE_ORDERS', by, blockedAt: '2026-11-27T10:00:00.000Z' } });
    const state = phoneBlockDecider.evolve(phoneBlockDecider.initialState, blocked);
    expect(phoneBlockDecider.decide(block('01001234567'), state)).toEqual([]);
    expect(phoneBlockDecider.decide(block('01001234567', 'ABUSIVE_CALLS'), state)).toHaveLength(1);
  });

  it('refuses a malformed phone or an unknown reason naming the field', () => {
    expect(errorOf(() => phoneBlockDecider.decide(block('12345'), phoneBlockDecider.initialState)).fieldErrors).toHaveProperty('phone');
    expect(errorOf(() => phoneBlockDecider.decide(block({ x: 1 }), phoneBlockDecider.initialState)).fieldErrors).toHaveProperty('phone');
    expect(errorOf(() => phoneBlockDecider.decide(block('01001234567', 'he is rude'), phoneBlockDecider.initialState)).fieldErrors).toHaveProperty('reason');
  });

  it('lifts a block; lifting one that is not there is 404', () => {
    const [blocked] = phoneBlockDecider.decide(block('01001234567'), phoneBlockDecider.initialState);
    const state = phoneBlockDecider.evolve(phoneBlockDecider.initialState, blocked);
    const [lifted] = phoneBlockDecider.decide({ type: 'UnblockPhone', data: { subjectId: 's1', by, now: 't' } }, state);
    expect(lifted.type).toBe('PhoneUnblocked');
    expect(phoneBlockDecider.evolve(state, lifted).blocked).toBe(false);
    expect(errorOf(() => phoneBlockDecider.decide({ type: 'UnblockPhone', data: { subjectId: 's1', by, now: 't' } }, phoneBlockDecider.initialState)).kind).toBe('not_found');
  });

  it('checkout\'s refusal is neutral: it does not say the phone is blocked', () => {
    const e = checkoutNotAccepted();
    expect(e.code).toBe('CHECKOUT_NOT_ACCEPTED');
    expect(e.message).not.toMatch(/block/i);
  });
});
