/** Checkout: the form as the shopper sends it (unvalidated) and the command around it. */
import type { DomainCommand } from '../shared/event.js';

/** Raw checkout payload; every field may be missing or blank until validateCheckoutForm. */
export interface CheckoutForm {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  addressLine?: string | null;
  building?: string | null;
  apartment?: string | null;
  city?: string | null;
  governorate?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  paymentMethod?: string | null;
  notes?: string | null;
  /** The storefront language the shopper checked out in (en, ar); absent: the storefront's default. Messages to the shopper use it. */
  language?: string | null;
  /** The client's view of the promo; ignored: the cart's applied promo decides. */
  promoCode?: string | null;
}

/**
 * orderId comes from orderIdForCart(cartId); orderNumber from a successful reservation;
 * now is the placement time (ISO string).
 */
export type CheckOutCart = DomainCommand<'CheckOutCart', {
  cartId: string;
  form: CheckoutForm;
  orderId: string;
  orderNumber: string;
  now: string;
}>;

export type CheckoutCommand = CheckOutCart;
