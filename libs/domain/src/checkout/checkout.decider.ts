/**
 * Checkout: the one decision that writes to two aggregates. Given the cart, the catalogue it is
 * priced from and the form, returns the cart's CartCheckedOut and the new order's OrderPlaced.
 * The cart event is appended with the cart's expected revision (racing tabs: one wins), and
 * OrderPlaced with checkoutEventIds.
 */
import type { CartState } from '../cart/cart.decider.js';
import { cartErrors } from '../cart/cart-errors.js';
import type { CartCheckedOut, CheckoutRequest } from '../cart/events.js';
import type { OrderItem, OrderPlaced } from '../order/events.js';
import { DomainError } from '../shared/domain-error.js';
import { shopDate } from '../shared/shop-date.js';
import { DEFAULT_SHOP_RULES, type ShopRules } from '../shop-config.js';
import type { CatalogueSnapshot } from '../pricing/catalogue-snapshot.js';
import { type CartPricing, priceCart } from '../pricing/price-cart.js';
import { orderItemOf, orderTotalsOf } from '../pricing/order-snapshot.js';
import { CHECKOUT_MESSAGES, validateCheckoutForm, type ValidCheckoutForm } from './checkout-form.js';
import type { CheckoutForm } from './commands.js';
import { checkMinimumPosters } from './minimum-posters.js';

export interface CheckoutIds {
  cartId: string;
  orderId: string;
  orderNumber: string;
  /** ISO time of placement. */
  now: string;
  /** Recorded in CartCheckedOut so a retry can be told from a reuse of its key (default: no key, empty hash). */
  request?: CheckoutRequest;
}

export interface CheckoutDecision {
  cartEvents: [CartCheckedOut];
  orderEvents: [OrderPlaced];
}

/** The order keeps the priced line without what only a cart shows: availability and the undiscounted total. */
/** The decided order, from a cart already checked against every refusal and priced for the valid form. */
function checkoutEvents(pricing: CartPricing, valid: ValidCheckoutForm, ids: CheckoutIds): CheckoutDecision {
  const { customer, paymentMethod, language } = valid;
  const order: OrderPlaced['data'] = {
    orderId: ids.orderId,
    orderNumber: ids.orderNumber,
    cartId: ids.cartId,
    placedAt: ids.now,
    customer,
    paymentMethod,
    promoCode: pricing.promoCode,
    promoPercent: pricing.promoPercent,
    items: pricing.lines.map(orderItemOf),
    totals: orderTotalsOf(pricing),
    priceRules: pricing.priceRules,
    language,
  };
  const checkedOut: CartCheckedOut = {
    type: 'CartCheckedOut',
    data: {
      orderId: ids.orderId,
      orderNumber: ids.orderNumber,
      order,
      request: ids.request ?? { idempotencyKey: null, bodyHash: '' },
      promoMessage: pricing.promoDropped?.message ?? null,
    },
  };
  // OrderPlaced is not decided again: it is read off the cart's event, the one decision.
  return { cartEvents: [checkedOut], orderEvents: [orderPlacedFromCheckout(checkedOut.data)!] };
}

/**
 * The OrderPlaced a CartCheckedOut decided, identical for every caller (the API, a retry, the
 * completion reactor), so appending it with checkoutEventIds(cartId).orderPlaced and 'no_stream'
 * is idempotent. Undefined for schema-1 events, which did not record the order.
 */
export function orderPlacedFromCheckout(data: CartCheckedOut['data']): OrderPlaced | undefined {
  return data.order ? { type: 'OrderPlaced', data: data.order } : undefined;
}

/**
 * The checkout decision, as the checkout handler runs it: the cart's own refusals first (checked
 * out, empty), then the form (validated here and only here), then the cart priced for the form's
 * governorate and payment method, its unavailable lines and the minimum posters. A promo dropped
 * since it was applied does not block: the order is placed at the price without it, the price
 * GET /user/cart showed. Returns the pricing too (the answer shows the totals).
 */
export function priceAndDecideCheckout(
  cart: CartState,
  catalogue: CatalogueSnapshot,
  form: CheckoutForm,
  ids: CheckoutIds,
  rules: ShopRules = DEFAULT_SHOP_RULES,
): CheckoutDecision & { pricing: CartPricing } {
  if (cart.checkedOut) throw cartErrors.checkedOut();
  if (cart.items.length === 0) throw DomainError.validation('CART_EMPTY', CHECKOUT_MESSAGES.emptyCart);
  const valid = validateCheckoutForm(form);
  const pricing = priceCart(cart, catalogue, { governorate: valid.customer.governorate, paymentMethod: valid.paymentMethod, rules, today: shopDate(ids.now) });
  const unavailable = pricing.lines.find((l) => !l.available);
  if (unavailable?.unavailable) throw DomainError.validation(unavailable.unavailable.reason, unavailable.unavailable.message);
  checkMinimumPosters(valid.customer.governorate, pricing.posterCount, rules);
  return { ...checkoutEvents(pricing, valid, ids), pricing };
}
