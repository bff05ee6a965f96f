import { isErasedCustomer } from '../personal-data/erased-value.js';
import type { OrderState } from './order.decider.js';

/**
 * The phone an order was placed with, on an event whose staff-written reason is personal: the log
 * seals the reason under the subject it names (personal-fields). Nothing before the order exists,
 * nor once its customer is erased: "[erased]" names no one, and must not become a subject.
 */
export function subjectPhoneOf(state: Pick<OrderState, 'placed'>): { phone?: string } {
  return state.placed && !isErasedCustomer(state.placed.customer) ? { phone: state.placed.customer.phone } : {};
}
