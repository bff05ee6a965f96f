/**
 * A promo code's uses (`promouse-<CODE>`): which orders hold one, and for which customer. The
 * limit holds under concurrent checkouts because every use is decided on this stream's state and
 * appended with its expected revision: two checkouts racing for the last use cannot both append.
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import type { PromoUsageCommand } from './commands.js';
import type { PromoUsageEvent } from './events.js';
import { promoRefusals } from './promo-rules.js';

export interface PromoUsageState {
  /** orderId → customer (subject id) of the orders that hold a use. */
  held: Readonly<Record<string, string>>;
  /** orderId → customer of uses given back (a re-opened order takes its use again). */
  returned: Readonly<Record<string, string>>;
}

export const initialPromoUsageState: PromoUsageState = Object.freeze({ held: {}, returned: {} });

export function usesHeld(state: PromoUsageState): number {
  return Object.keys(state.held).length;
}

export function decidePromoUsage(command: PromoUsageCommand, state: PromoUsageState): PromoUsageEvent[] {
  switch (command.type) {
    case 'UsePromoCode': {
      const { code, orderId, customer, usageLimit, oncePerCustomer } = command.data;
      if (Object.hasOwn(state.held, orderId)) return [];
      if (oncePerCustomer && Object.values(state.held).includes(customer)) throw promoRefusals.alreadyUsed();
      if (usageLimit !== null && usesHeld(state) >= usageLimit) throw promoRefusals.usedUp();
      return [{ type: 'PromoCodeUsed', data: { code, orderId, customer } }];
    }
    case 'ReturnPromoCodeUse': {
      const { code, orderId } = command.data;
      return Object.hasOwn(state.held, orderId) ? [{ type: 'PromoCodeUseReturned', data: { code, orderId } }] : [];
    }
    case 'RetakePromoCodeUse': {
      const { code, orderId } = command.data;
      const customer = state.returned[orderId];
      return customer === undefined || Object.hasOwn(state.held, orderId) ? [] : [{ type: 'PromoCodeUsed', data: { code, orderId, customer } }];
    }
    default:
      return assertNever(command, 'promo usage command');
  }
}

export function evolvePromoUsage(state: PromoUsageState, event: PromoUsageEvent): PromoUsageState {
  switch (event.type) {
    case 'PromoCodeUsed': {
      const { [event.data.orderId]: _gone, ...returned } = state.returned;
      return { held: { ...state.held, [event.data.orderId]: event.data.customer }, returned };
    }
    case 'PromoCodeUseReturned': {
      const { [event.data.orderId]: customer, ...held } = state.held;
      return customer === undefined ? state : { held, returned: { ...state.returned, [event.data.orderId]: customer } };
    }
    default:
      return assertNever(event, 'promo usage event');
  }
}

export const promoUsageDecider: Decider<PromoUsageCommand, PromoUsageEvent, PromoUsageState> = {
  decide: decidePromoUsage,
  evolve: evolvePromoUsage,
  initialState: initialPromoUsageState,
};
