import type { OrderState } from './order.decider.js';

/**
 * The phone an order was placed with, on an event whose staff-written reason is personal: the log
 * seals the reason under the subject it names (personal-fields). Nothing before the order exists.
 */
export function subjectPhoneOf(state: Pick<OrderState, 'placed'>): { phone?: string } {
  return state.placed ? { phone: state.placed.customer.phone } : {};
}
