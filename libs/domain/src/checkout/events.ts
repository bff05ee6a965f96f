/**
 * Checkout writes to three streams; its events are defined by their owners (cart, order). A refused
 * checkout is recorded on its own stream for the cart funnel (checkout-rejected.ts).
 */
import type { CartCheckedOut } from '../cart/events.js';
import type { CheckoutRejected } from './checkout-rejected.js';
import type { OrderNumberReserved, OrderPlaced } from '../order/events.js';

export type CheckoutEvent = OrderNumberReserved | CartCheckedOut | OrderPlaced;

export type CheckoutRejectionEvent = CheckoutRejected;
const checkoutRejectionEventTypes: Record<CheckoutRejectionEvent['type'], true> = { CheckoutRejected: true };
export const CHECKOUT_REJECTION_EVENT_TYPES = Object.keys(checkoutRejectionEventTypes) as CheckoutRejectionEvent['type'][];
