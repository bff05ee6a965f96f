import { given } from '../testing/given-when-then.js';
import type { PromoCodeUsed } from './events.js';
import { promoUsageDecider, usesHeld } from './promo-usage.decider.js';

const used = (orderId: string, customer: string): PromoCodeUsed => ({ type: 'PromoCodeUsed', data: { code: 'WELCOME10', orderId, customer } });
const use = (orderId: string, customer: string, usageLimit: number | null = 2, oncePerCustomer = true) =>
  ({ type: 'UsePromoCode', data: { code: 'WELCOME10', orderId, customer, usageLimit, oncePerCustomer } }) as const;
const returned = (orderId: string) => ({ type: 'PromoCodeUseReturned', data: { code: 'WELCOME10', orderId } }) as const;

describe('promo usage decider', () => {
  it('takes a use for an order', () => {
    given(promoUsageDecider).when(use('o1', 'mona')).then([used('o1', 'mona')]);
  });

  it('takes nothing again for an order that holds a use (a retried checkout)', () => {
    given(promoUsageDecider, [used('o1', 'mona'), used('o2', 'ali')]).when(use('o1', 'mona')).then([]);
  });

  it('refuses a use past the limit', () => {
    const error = given(promoUsageDecider, [used('o1', 'mona'), used('o2', 'ali')]).when(use('o3', 'sara')).thenThrows('PROMO_CODE_USED_UP', 'conflict');
    expect(error.message).toBe('This code has been used up');
  });

  it('refuses a second use by the same customer when once per customer', () => {
    const error = given(promoUsageDecider, [used('o1', 'mona')]).when(use('o2', 'mona')).thenThrows('PROMO_CODE_ALREADY_USED', 'conflict');
    expect(error.message).toBe('You have already used this code');
    given(promoUsageDecider, [used('o1', 'mona')]).when(use('o2', 'mona', null, false)).then([used('o2', 'mona')]);
  });

  it('a cancelled order gives its use back: the limit and the customer are free again', () => {
    given(promoUsageDecider, [used('o1', 'mona'), used('o2', 'ali')]).when({ type: 'ReturnPromoCodeUse', data: { code: 'WELCOME10', orderId: 'o1' } }).then([returned('o1')]);
    given(promoUsageDecider, [used('o1', 'mona'), used('o2', 'ali'), returned('o1')]).when(use('o3', 'mona')).then([used('o3', 'mona')]);
    given(promoUsageDecider, [used('o1', 'mona'), returned('o1')]).when({ type: 'ReturnPromoCodeUse', data: { code: 'WELCOME10', orderId: 'o1' } }).then([]);
  });

  it('a re-opened order takes its use again, even past the limit', () => {
    given(promoUsageDecider, [used('o1', 'mona'), returned('o1'), used('o2', 'ali'), used('o3', 'sara')])
      .when({ type: 'RetakePromoCodeUse', data: { code: 'WELCOME10', orderId: 'o1' } })
      .thenState((state, events) => {
        expect(events).toEqual([used('o1', 'mona')]);
        expect(usesHeld(state)).toBe(3);
      });
    given(promoUsageDecider, [used('o1', 'mona')]).when({ type: 'RetakePromoCodeUse', data: { code: 'WELCOME10', orderId: 'o1' } }).then([]);
    given(promoUsageDecider).when({ type: 'RetakePromoCodeUse', data: { code: 'WELCOME10', orderId: 'o9' } }).then([]);
  });
});
