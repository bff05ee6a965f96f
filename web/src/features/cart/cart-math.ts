import type { Cart, CartItem } from './cart-types';

export const EMPTY_CART: Cart = {
  items: [],
  subtotal: 0,
  codFee: 0,
  promoCode: null,
  discountFromPromoCode: 0,
  discountFromPromotions: 0,
  taxAmount: 0,
};

export function itemCount(cart: Cart | undefined): number {
  return (cart?.items ?? []).reduce((n, i) => n + (i.quantity || 0), 0);
}

export function isAddon(item: CartItem): boolean {
  if (item.kind) return item.kind === 'addon';
  return !item.posterId && !item.customImagePath;
}

/** Posters (ready-made and custom) count toward the 2-poster minimum; add-ons do not. */
export function posterCount(cart: Cart | undefined): number {
  if (typeof cart?.posterCount === 'number') return cart.posterCount;
  return (cart?.items ?? []).filter((i) => !isAddon(i)).reduce((n, i) => n + (i.quantity || 0), 0);
}

/** What the line costs: the server's subtotal, else its unit price times quantity. */
export function lineTotal(item: CartItem): number {
  if (typeof item.subtotal === 'number') return item.subtotal;
  return (item.finalPrice ?? item.price) * item.quantity;
}

/** Free shipping is measured on the subtotal at catalogue price (before discounts). */
export function amountToFreeShipping(cart: Cart, threshold: number): number {
  if (typeof cart.amountToFreeShipping === 'number') return cart.amountToFreeShipping;
  return Math.max(0, round2(threshold - cart.subtotal));
}

/** Subtotal after category and promo discounts: what the free-shipping threshold is measured on. */
export function discountedSubtotal(cart: Cart): number {
  return Math.max(0, cart.subtotal - (cart.discountFromPromotions ?? 0) - (cart.discountFromPromoCode ?? 0));
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
