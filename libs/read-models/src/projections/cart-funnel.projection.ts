import { CART_EVENT_TYPES } from '#domain/cart/events.js';
import { PROMO_APPLY_REJECTION_REASONS } from '#domain/checkout/checkout-rejected.js';
import { parseStreamName } from '#domain/streams.js';
import { FunnelCartEntity, type FunnelCartLine, type FunnelRejection } from '../funnel-cart.entity.js';
import type { Row } from './bulk-sql.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';
import type { RecordedShopEvent } from './projection.js';

/**
 * The cart funnel: a row per cart (its first event creates it) following its lines, its checkout
 * attempts (refused: CheckoutRejected; accepted: CartCheckedOut) and its order. Only what was
 * chosen is kept, never who chose it: no customer field and no uploaded image path.
 */
export const cartFunnelProjection = keyedProjection({
  name: 'cart-funnel',
  version: 1,
  eventTypes: [...CART_EVENT_TYPES, 'CheckoutRejected'],
  table: FunnelCartEntity,
  keyOf: (e) => parseStreamName(e.stream)?.id ?? e.stream,
  apply(row, e) {
    const at = occurredAt(e);
    const cart = row ?? newCart(String(parseStreamName(e.stream)?.id ?? e.stream), at);
    const next = { ...cart, last_activity_at: at };
    const lines = cart.lines as FunnelCartLine[];
    switch (e.type) {
      case 'ItemAddedToCart': {
        const d = e.data;
        const line: FunnelCartLine = { itemId: d.itemId, kind: d.kind, posterId: d.posterId, productId: d.productId, variantId: d.variantId, size: d.size, quantity: d.quantity };
        return { ...next, lines_added: Number(cart.lines_added) + 1, lines: [...lines, line] };
      }
      case 'CartItemQuantityChanged': {
        const d = e.data;
        return { ...next, lines: lines.map((l) => (l.itemId === d.itemId ? { ...l, quantity: d.quantity } : l)) };
      }
      case 'CartItemSizeChanged': {
        const d = e.data;
        return { ...next, lines: lines.map((l) => (l.itemId === d.itemId ? { ...l, size: d.size, variantId: d.variantId } : l)) };
      }
      case 'ItemRemovedFromCart':
        return { ...next, lines: lines.filter((l) => l.itemId !== e.data.itemId) };
      case 'CartCleared':
        return { ...next, lines: [] };
      case 'PromoCodeApplied':
        return { ...next, promo_code: e.data.code };
      case 'PromoCodeRemovedFromCart':
        return { ...next, promo_code: null };
      case 'CartCheckedOut': {
        const d = e.data;
        return { ...next, checkout_attempted_at: cart.checkout_attempted_at ?? at, order_placed_at: at, governorate: d.order?.customer.governorate ?? cart.governorate };
      }
      case 'CheckoutRejected':
        return rejected(next, e, at);
      default:
        return next;
    }
  },
});

function newCart(cartId: string, at: string): Row {
  return {
    cart_id: cartId, created_at: at, last_activity_at: at, governorate: null, lines_added: 0, lines: [], promo_code: null,
    checkout_attempted_at: null, order_placed_at: null, rejections: [],
  };
}

/** A promo code refused when applied is no checkout attempt (the shopper may not be at checkout yet); a refused checkout is. */
function rejected(cart: Row, e: RecordedShopEvent<'CheckoutRejected'>, at: string): Row {
  const d = e.data;
  const rejection: FunnelRejection = { reason: d.reason, governorate: d.governorate, at };
  const promo = PROMO_APPLY_REJECTION_REASONS.includes(d.reason);
  return {
    ...cart,
    rejections: [...(cart.rejections as FunnelRejection[]), rejection],
    governorate: d.governorate ?? cart.governorate,
    checkout_attempted_at: promo ? cart.checkout_attempted_at : (cart.checkout_attempted_at ?? at),
  };
}
