/**
 * Cart commands. What a rule needs from other aggregates (the poster's variants, whether an
 * add-on exists, the promo code's state) is loaded by the handler from the write side and
 * passed in the command, so the decider stays pure and never reads a read model.
 */
import type { DomainCommand } from '../shared/event.js';
import type { PosterSize } from '../shop-config.js';

/** What the cart needs to know about a poster; null in a command = no such poster stream. */
export interface CartPosterSnapshot {
  posterId: string;
  visible: boolean;
  deleted: boolean;
  variants: ReadonlyArray<{ variantId: string; size: PosterSize }>;
}

/** What the cart needs to know about an add-on; null = no such product stream. */
export interface CartProductSnapshot {
  productId: string;
  deleted: boolean;
}

/** What the cart needs to know about a promo code; null = no such promo stream. */
export interface CartPromoSnapshot {
  code: string;
  percentOff: number;
  active: boolean;
  deleted: boolean;
}

/**
 * A standard poster line. The variant is found by variantId when given, else by size;
 * a line with the same poster, variant and size gets its quantity increased instead.
 */
export type AddPosterToCart = DomainCommand<'AddPosterToCart', {
  itemId: string;
  posterId: string;
  variantId: string | null;
  size: string | null;
  quantity: number;
  poster: CartPosterSnapshot | null;
}>;

/** A make-your-own poster; always a new line. */
export type AddCustomPosterToCart = DomainCommand<'AddCustomPosterToCart', {
  itemId: string;
  size: string;
  quantity: number;
  customImagePath: string;
}>;

/** An add-on product; always a new line. */
export type AddAddOnToCart = DomainCommand<'AddAddOnToCart', {
  itemId: string;
  productId: string;
  quantity: number;
  product: CartProductSnapshot | null;
}>;

export type ChangeCartItemQuantity = DomainCommand<'ChangeCartItemQuantity', { itemId: string; quantity: number }>;

/** poster is required for poster lines (to find the variant of the new size); ignored for custom lines. */
export type ChangeCartItemSize = DomainCommand<'ChangeCartItemSize', {
  itemId: string;
  size: string;
  poster: CartPosterSnapshot | null;
}>;

export type RemoveItemFromCart = DomainCommand<'RemoveItemFromCart', { itemId: string }>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type ClearCart = DomainCommand<'ClearCart', {}>;
export type ApplyPromoCode = DomainCommand<'ApplyPromoCode', { code: string; promo: CartPromoSnapshot | null }>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type RemovePromoCode = DomainCommand<'RemovePromoCode', {}>;
export type ChoosePaymentMethod = DomainCommand<'ChoosePaymentMethod', { method: string }>;

export type CartCommand =
  | AddPosterToCart
  | AddCustomPosterToCart
  | AddAddOnToCart
  | ChangeCartItemQuantity
  | ChangeCartItemSize
  | RemoveItemFromCart
  | ClearCart
  | ApplyPromoCode
  | RemovePromoCode
  | ChoosePaymentMethod;
