import { given } from '../testing/given-when-then.js';
import { discountsDecider } from './discounts.decider.js';
import type { DiscountCreated } from './events.js';

const first: DiscountCreated = { type: 'DiscountCreated', data: { discountId: 1, category: 'FOOTBALL', percentage: 20, active: true, startsOn: null, endsOn: null } };
const second: DiscountCreated = { type: 'DiscountCreated', data: { discountId: 2, category: null, percentage: 10, active: false, startsOn: null, endsOn: null } };

describe('discounts decider', () => {
  it('gives the first discount id 1', () => {
    given(discountsDecider).when({ type: 'CreateDiscount', data: { category: 'football', percentage: 20, active: true } }).then([first]);
  });

  it('gives the next integer id, never reusing a deleted one', () => {
    given(discountsDecider, [first, second, { type: 'DiscountDeleted', data: { discountId: 2 } }])
      .when({ type: 'CreateDiscount', data: { category: null, percentage: 5, active: true } })
      .then([{ type: 'DiscountCreated', data: { discountId: 3, category: null, percentage: 5, active: true, startsOn: null, endsOn: null } }]);
  });

  it('a blank category means all categories', () => {
    given(discountsDecider)
      .when({ type: 'CreateDiscount', data: { category: ' ', percentage: 10, active: false } })
      .then([{ type: 'DiscountCreated', data: { discountId: 1, category: null, percentage: 10, active: false, startsOn: null, endsOn: null } }]);
  });

  it.each([0, 101, 12.5, -5])('refuses the percentage %p', (percentage) => {
    const error = given(discountsDecider)
      .when({ type: 'CreateDiscount', data: { category: null, percentage, active: true } })
      .thenThrows('DISCOUNT_INVALID_PERCENT', 'validation');
    expect(error.message).toBe('percentage: Enter a value between 1 and 100');
    expect(error.fieldErrors).toEqual({ percentage: 'Enter a value between 1 and 100' });
  });

  it('accepts the bounds 1 and 100', () => {
    for (const percentage of [1, 100]) {
      const [event] = given(discountsDecider).when({ type: 'CreateDiscount', data: { category: null, percentage, active: true } }).then([
        { type: 'DiscountCreated', data: { discountId: 1, category: null, percentage, active: true, startsOn: null, endsOn: null } },
      ]);
      expect(event.type).toBe('DiscountCreated');
    }
  });

  it('refuses an unknown category', () => {
    given(discountsDecider).when({ type: 'CreateDiscount', data: { category: 'SPORTS', percentage: 10, active: true } }).thenThrows('DISCOUNT_INVALID_CATEGORY');
  });

  it('changes percentage and/or active, keeping what is not sent', () => {
    given(discountsDecider, [first])
      .when({ type: 'ChangeDiscount', data: { discountId: 1, active: false } })
      .then([{ type: 'DiscountChanged', data: { discountId: 1, percentage: 20, active: false, startsOn: null, endsOn: null } }]);
  });

  it('a change to the same values changes nothing', () => {
    given(discountsDecider, [first]).when({ type: 'ChangeDiscount', data: { discountId: 1, percentage: 20 } }).then([]);
  });

  it('validates the new percentage', () => {
    given(discountsDecider, [first]).when({ type: 'ChangeDiscount', data: { discountId: 1, percentage: 0 } }).thenThrows('DISCOUNT_INVALID_PERCENT');
  });

  it('refuses changing or deleting an unknown discount', () => {
    given(discountsDecider, [first]).when({ type: 'ChangeDiscount', data: { discountId: 9, active: false } }).thenThrows('DISCOUNT_NOT_FOUND', 'not_found');
    given(discountsDecider, [first]).when({ type: 'DeleteDiscount', data: { discountId: 9 } }).thenThrows('DISCOUNT_NOT_FOUND', 'not_found');
  });

  it('deletes a discount', () => {
    given(discountsDecider, [first, second])
      .when({ type: 'DeleteDiscount', data: { discountId: 1 } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'DiscountDeleted', data: { discountId: 1 } }]);
        expect(state.discounts.map((d) => d.discountId)).toEqual([2]);
      });
  });

  describe('a window of shop days', () => {
    it('records the start and end, trimmed', () => {
      given(discountsDecider)
        .when({ type: 'CreateDiscount', data: { category: 'anime', percentage: 15, active: true, startsOn: ' 2026-12-01', endsOn: '2026-12-07' } })
        .then([{ type: 'DiscountCreated', data: { discountId: 1, category: 'ANIME', percentage: 15, active: true, startsOn: '2026-12-01', endsOn: '2026-12-07' } }]);
    });

    it('a change keeps the window unless sent; null or blank opens that end', () => {
      const dated: DiscountCreated = { type: 'DiscountCreated', data: { ...first.data, startsOn: '2026-12-01', endsOn: '2026-12-07' } };
      given(discountsDecider, [dated])
        .when({ type: 'ChangeDiscount', data: { discountId: 1, percentage: 25 } })
        .then([{ type: 'DiscountChanged', data: { discountId: 1, percentage: 25, active: true, startsOn: '2026-12-01', endsOn: '2026-12-07' } }]);
      given(discountsDecider, [dated])
        .when({ type: 'ChangeDiscount', data: { discountId: 1, startsOn: null, endsOn: '' } })
        .then([{ type: 'DiscountChanged', data: { discountId: 1, percentage: 20, active: true, startsOn: null, endsOn: null } }]);
    });

    it.each([
      [{ startsOn: '2026-12-08', endsOn: '2026-12-07' }, { endsOn: 'The end must not be before the start' }],
      [{ startsOn: '2026-02-30' }, { startsOn: 'Enter the start as a date (YYYY-MM-DD)' }],
      [{ startsOn: 'soon', endsOn: 20261207 }, { startsOn: 'Enter the start as a date (YYYY-MM-DD)', endsOn: 'Enter the end as a date (YYYY-MM-DD)' }],
    ])('refuses %j, naming the fields', (window, fieldErrors) => {
      const error = given(discountsDecider)
        .when({ type: 'CreateDiscount', data: { category: null, percentage: 10, active: true, ...window } })
        .thenThrows('DISCOUNT_INVALID_DATES', 'validation');
      expect(error.fieldErrors).toEqual(fieldErrors);
    });

    it('refuses a change whose end falls before the kept start', () => {
      const dated: DiscountCreated = { type: 'DiscountCreated', data: { ...first.data, startsOn: '2026-12-01', endsOn: null } };
      const error = given(discountsDecider, [dated]).when({ type: 'ChangeDiscount', data: { discountId: 1, endsOn: '2026-11-30' } }).thenThrows('DISCOUNT_INVALID_DATES');
      expect(error.fieldErrors).toEqual({ endsOn: 'The end must not be before the start' });
    });
  });
});
