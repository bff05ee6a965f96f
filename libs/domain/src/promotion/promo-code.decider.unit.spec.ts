import { given } from '../testing/given-when-then.js';
import type { PromoCodeCreated } from './events.js';
import { promoCodeDecider } from './promo-code.decider.js';

const created: PromoCodeCreated = { type: 'PromoCodeCreated', data: { code: 'WELCOME10', percentOff: 10, active: true } };
const deleted = { type: 'PromoCodeDeleted', data: { code: 'WELCOME10' } } as const;

describe('promo code decider', () => {
  it('creates a code, trimmed and upper-cased, active by default', () => {
    given(promoCodeDecider).when({ type: 'CreatePromoCode', data: { code: ' welcome10 ', percentOff: 10 } }).then([created]);
  });

  it('refuses a code that already exists, whatever its case', () => {
    const error = given(promoCodeDecider, [created])
      .when({ type: 'CreatePromoCode', data: { code: 'Welcome10', percentOff: 20 } })
      .thenThrows('PROMO_CODE_EXISTS', 'conflict');
    expect(error.message).toContain('already exists');
  });

  it('allows creating a deleted code again', () => {
    given(promoCodeDecider, [created, deleted])
      .when({ type: 'CreatePromoCode', data: { code: 'WELCOME10', percentOff: 15, active: false } })
      .then([{ type: 'PromoCodeCreated', data: { code: 'WELCOME10', percentOff: 15, active: false } }]);
  });

  it.each([
    ['an empty code', '  ', 10],
    ['a code with spaces', 'SUMMER SALE', 10],
    ['percent 0', 'X', 0],
    ['percent 101', 'X', 101],
    ['a fractional percent', 'X', 10.5],
  ])('refuses %s', (_label, code, percentOff) => {
    const error = given(promoCodeDecider).when({ type: 'CreatePromoCode', data: { code, percentOff } }).thenThrows('PROMO_CODE_INVALID', 'validation');
    expect(error.message).toBe('Please enter a valid code and discount percentage (1-100)');
  });

  it('deactivates and activates, each only when it changes something', () => {
    const deactivated = { type: 'PromoCodeDeactivated', data: { code: 'WELCOME10' } } as const;
    given(promoCodeDecider, [created]).when({ type: 'DeactivatePromoCode', data: { code: 'WELCOME10' } }).then([deactivated]);
    given(promoCodeDecider, [created, deactivated]).when({ type: 'DeactivatePromoCode', data: { code: 'WELCOME10' } }).then([]);
    given(promoCodeDecider, [created, deactivated])
      .when({ type: 'ActivatePromoCode', data: { code: 'WELCOME10' } })
      .then([{ type: 'PromoCodeActivated', data: { code: 'WELCOME10' } }]);
    given(promoCodeDecider, [created]).when({ type: 'ActivatePromoCode', data: { code: 'WELCOME10' } }).then([]);
  });

  it('changes the percent, validated', () => {
    given(promoCodeDecider, [created])
      .when({ type: 'ChangePromoCodePercent', data: { code: 'WELCOME10', percentOff: 25 } })
      .then([{ type: 'PromoCodePercentChanged', data: { code: 'WELCOME10', percentOff: 25 } }]);
    given(promoCodeDecider, [created]).when({ type: 'ChangePromoCodePercent', data: { code: 'WELCOME10', percentOff: 10 } }).then([]);
    given(promoCodeDecider, [created]).when({ type: 'ChangePromoCodePercent', data: { code: 'WELCOME10', percentOff: 200 } }).thenThrows('PROMO_CODE_INVALID');
  });

  it('deletes a code; a deleted code is then not found', () => {
    given(promoCodeDecider, [created]).when({ type: 'DeletePromoCode', data: { code: 'WELCOME10' } }).then([deleted]);
    given(promoCodeDecider, [created, deleted]).when({ type: 'DeletePromoCode', data: { code: 'WELCOME10' } }).thenThrows('PROMO_CODE_NOT_FOUND', 'not_found');
    given(promoCodeDecider, [created, deleted]).when({ type: 'ActivatePromoCode', data: { code: 'WELCOME10' } }).thenThrows('PROMO_CODE_NOT_FOUND');
  });

  it('refuses every change to a code that never existed', () => {
    given(promoCodeDecider).when({ type: 'ActivatePromoCode', data: { code: 'NOPE' } }).thenThrows('PROMO_CODE_NOT_FOUND');
    given(promoCodeDecider).when({ type: 'DeactivatePromoCode', data: { code: 'NOPE' } }).thenThrows('PROMO_CODE_NOT_FOUND');
    given(promoCodeDecider).when({ type: 'ChangePromoCodePercent', data: { code: 'NOPE', percentOff: 5 } }).thenThrows('PROMO_CODE_NOT_FOUND');
    given(promoCodeDecider).when({ type: 'DeletePromoCode', data: { code: 'NOPE' } }).thenThrows('PROMO_CODE_NOT_FOUND');
  });

  it('creates a code with rules, recording only the rules it has', () => {
    given(promoCodeDecider)
      .when({ type: 'CreatePromoCode', data: { code: 'welcome10', percentOff: 10, rules: { startsOn: '2026-12-01', endsOn: '2026-12-07', oncePerCustomer: true, minimumSubtotal: 30000 } } })
      .then([{ type: 'PromoCodeCreated', data: { code: 'WELCOME10', percentOff: 10, active: true, startsOn: '2026-12-01', endsOn: '2026-12-07', oncePerCustomer: true, minimumSubtotal: 30000 } }]);
  });

  it('refuses rules that cannot hold, naming the field', () => {
    const error = given(promoCodeDecider)
      .when({ type: 'CreatePromoCode', data: { code: 'X', percentOff: 10, rules: { startsOn: '2026-12-07', endsOn: '2026-12-01' } } })
      .thenThrows('PROMO_CODE_INVALID_RULES', 'validation');
    expect(error.fieldErrors).toEqual({ endsOn: 'The end must not be before the start' });
  });

  it('changes rules, keeping those not sent; the same rules change nothing', () => {
    given(promoCodeDecider, [created])
      .when({ type: 'ChangePromoCodeRules', data: { code: 'WELCOME10', rules: { usageLimit: 50, category: 'anime' } } })
      .thenState((state, events) => {
        expect(events).toEqual([
          { type: 'PromoCodeRulesChanged', data: { code: 'WELCOME10', startsOn: null, endsOn: null, usageLimit: 50, oncePerCustomer: false, minimumSubtotal: 0, category: 'ANIME' } },
        ]);
        expect(state.rules).toMatchObject({ usageLimit: 50, category: 'ANIME' });
      });
    given(promoCodeDecider, [created]).when({ type: 'ChangePromoCodeRules', data: { code: 'WELCOME10', rules: { usageLimit: null } } }).then([]);
  });

  it('reads a code created before rules existed as having none', () => {
    given(promoCodeDecider, [created])
      .when({ type: 'ActivatePromoCode', data: { code: 'WELCOME10' } })
      .thenState((state) => expect(state.rules).toEqual({ startsOn: null, endsOn: null, usageLimit: null, oncePerCustomer: false, minimumSubtotal: 0, category: null }));
  });
});
