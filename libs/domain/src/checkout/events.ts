/** Checkout writes to three streams; its events are defined by their owners (cart, order). */
import type { CartCheckedOut } from '../cart/events.js';
import type { OrderNumberReserved, OrderPlaced } from '../order/events.js';

export type CheckoutEvent = OrderNumberReserved | CartCheckedOut | OrderPlaced;
