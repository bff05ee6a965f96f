/**
 * Cart events (`cart-<cartId>`). They carry no prices: a cart is priced from the catalogue
 * each time it is shown and at checkout, so a price change reaches every open cart.
 */
import type { OrderPlaced } from '../order/events.js';
import type { DomainEvent } from '../shared/event.js';
import type { CartItemKind, PaymentMethod, PosterSize } from '../shop-config.js';

/** A line of a cart as the shopper added it: what it is and how many, never its price. */
export interface CartLine {
  itemId: string;
  kind: CartItemKind;
  posterId: string | null;
  variantId: string | null;
  productId: string | null;
  size: PosterSize | null;
  quantity: number;
  customImagePath: string | null;
}

/**
 * poster: posterId, variantId and size set; custom: size and customImagePath set;
 * addon: productId set, size null.
 */
export type ItemAddedToCart = DomainEvent<'ItemAddedToCart', CartLine>;

export type CartItemQuantityChanged = DomainEvent<'CartItemQuantityChanged', {
  itemId: string;
  quantity: number;
  previousQuantity: number;
}>;

/** variantId is the poster's variant of the new size; null for custom lines. */
export type CartItemSizeChanged = DomainEvent<'CartItemSizeChanged', {
  itemId: string;
  size: PosterSize;
  variantId: string | null;
  previousSize: PosterSize;
}>;

export type ItemRemovedFromCart = DomainEvent<'ItemRemovedFromCart', { itemId: string }>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type CartCleared = DomainEvent<'CartCleared', {}>;
export type PromoCodeApplied = DomainEvent<'PromoCodeApplied', { code: string }>;
export type PromoCodeRemovedFromCart = DomainEvent<'PromoCodeRemovedFromCart', { code: string }>;
export type PaymentMethodChosen = DomainEvent<'PaymentMethodChosen', { method: PaymentMethod }>;
/** Who asked for a checkout: the Idempotency-Key (if any) and a hash of the request body. */
export interface CheckoutRequest {
  idempotencyKey: string | null;
  bodyHash: string;
}

/**
 * The checkout decision, made once. Since schema 2 it carries the whole order (`order`, the
 * OrderPlaced data), so OrderPlaced can be derived from the cart's log alone by whoever appends
 * it (the API right after, a retry, the projector's completion reactor). Events of schema 1
 * carry only orderId and orderNumber; both shapes stay readable (docs/adr/004).
 */
export type CartCheckedOut = DomainEvent<'CartCheckedOut', {
  orderId: string;
  orderNumber: string;
  /** Absent on schema-1 events. */
  order?: OrderPlaced['data'];
  /** Absent on schema-1 events. */
  request?: CheckoutRequest;
  /** The answer's promoMessage (promo dropped since it was applied); absent on schema-1 events. */
  promoMessage?: string | null;
}>;

export type CartEvent =
  | ItemAddedToCart
  | CartItemQuantityChanged
  | CartItemSizeChanged
  | ItemRemovedFromCart
  | CartCleared
  | PromoCodeApplied
  | PromoCodeRemovedFromCart
  | PaymentMethodChosen
  | CartCheckedOut;

const cartEventTypes: Record<CartEvent['type'], true> = {
  ItemAddedToCart: true,
  CartItemQuantityChanged: true,
  CartItemSizeChanged: true,
  ItemRemovedFromCart: true,
  CartCleared: true,
  PromoCodeApplied: true,
  PromoCodeRemovedFromCart: true,
  PaymentMethodChosen: true,
  CartCheckedOut: true,
};

export const CART_EVENT_TYPES = Object.keys(cartEventTypes) as CartEvent['type'][];
