import { DomainError } from '../shared/domain-error.js';
import { dayAndMonth, isShopDate, shopDate } from '../shared/shop-date.js';
import { MAX_USAGE_LIMIT, NO_PROMO_RULES, promoRulesOf, validatePromoRules } from './promo-rules.js';

function fieldErrorsOf(input: Parameters<typeof validatePromoRules>[0]): Record<string, string> {
  try {
    validatePromoRules(input);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('PROMO_CODE_INVALID_RULES');
    return { ...(e as DomainError).fieldErrors };
  }
  throw new Error('expected a refusal');
}

describe('promo code rules', () => {
  it('reads a code recorded before rules as having none', () => {
    expect(promoRulesOf({})).toEqual(NO_PROMO_RULES);
  });

  it('takes dates, limit, once per customer, minimum and category', () => {
    expect(
      validatePromoRules({ startsOn: '2026-12-01', endsOn: ' 2026-12-07 ', usageLimit: 100, oncePerCustomer: true, minimumSubtotal: 30000, category: 'anime' }),
    ).toEqual({ startsOn: '2026-12-01', endsOn: '2026-12-07', usageLimit: 100, oncePerCustomer: true, minimumSubtotal: 30000, category: 'ANIME' });
  });

  it('keeps what is not sent, and clears what is sent empty', () => {
    const base = validatePromoRules({ startsOn: '2026-12-01', usageLimit: 5, category: 'ART' });
    expect(validatePromoRules({ usageLimit: null, category: '' }, base)).toEqual({ ...base, usageLimit: null, category: null });
  });

  it('names every wrong field at once', () => {
    expect(Object.keys(fieldErrorsOf({ startsOn: '2026-02-30', endsOn: 'tomorrow', usageLimit: -1, oncePerCustomer: 'yes', minimumSubtotal: -5, category: 'SPORTS' })).sort()).toEqual(
      ['category', 'endsOn', 'minimumSubtotal', 'oncePerCustomer', 'startsOn', 'usageLimit'],
    );
  });

  it('refuses an end before the start, naming the end', () => {
    expect(fieldErrorsOf({ startsOn: '2026-12-07', endsOn: '2026-12-01' })).toEqual({ endsOn: 'The end must not be before the start' });
    expect(validatePromoRules({ startsOn: '2026-12-07', endsOn: '2026-12-07' }).endsOn).toBe('2026-12-07');
  });

  it.each([0, 1.5, MAX_USAGE_LIMIT + 1, Number.NaN, '10'])('refuses the usage limit %p', (usageLimit) => {
    expect(Object.keys(fieldErrorsOf({ usageLimit }))).toEqual(['usageLimit']);
  });
});

describe('shop dates', () => {
  it("are Cairo's calendar days", () => {
    expect(shopDate('2026-11-30T21:59:59.000Z')).toBe('2026-11-30');
    expect(shopDate('2026-11-30T22:00:00.000Z')).toBe('2026-12-01');
  });

  it('are real dates', () => {
    expect(isShopDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '26-12-01', '2026-12-1', '1999-12-31', 20261201]) expect(isShopDate(bad)).toBe(false);
  });

  it('are named by day and month in English messages', () => {
    expect(dayAndMonth('2026-12-01')).toBe('1 December');
  });
});
