/** Small, readable sample data shared by the domain's tests (and usable by other suites). */
import type { CartPosterSnapshot } from '../cart/commands.js';
import type { CartLine } from '../cart/events.js';
import { initialCartState, type CartState } from '../cart/cart.decider.js';
import type { ItemAddedToCart } from '../cart/events.js';
import type { CatalogueSnapshot, PosterSnapshot } from '../pricing/catalogue-snapshot.js';
import type { OrderCustomer } from '../order/events.js';

/** Salah, FOOTBALL: 20x30 at 150.00 EGP, 30x40 at 220.00 EGP. */
export const salahPoster: PosterSnapshot = {
  name: 'Salah',
  category: 'FOOTBALL',
  imageUrl: 'posters/salah.jpg',
  visible: true,
  deleted: false,
  variants: [
    { variantId: 'salah-20x30', size: 'SIZE_20x30', price: 15000 },
    { variantId: 'salah-30x40', size: 'SIZE_30x40', price: 22000 },
  ],
};

/** Spirited Away, ANIME: 50x70 at 420.00 EGP. */
export const animePoster: PosterSnapshot = {
  name: 'Spirited Away',
  category: 'ANIME',
  imageUrl: 'posters/spirited.jpg',
  visible: true,
  deleted: false,
  variants: [{ variantId: 'anime-50x70', size: 'SIZE_50x70', price: 42000 }],
};

export function cartPoster(posterId: string, poster: PosterSnapshot): CartPosterSnapshot {
  return { posterId, visible: poster.visible, deleted: poster.deleted, variants: poster.variants };
}

export function catalogue(patch: Partial<CatalogueSnapshot> = {}): CatalogueSnapshot {
  return {
    posters: { salah: salahPoster, anime: animePoster },
    products: { frame: { name: 'Black frame', price: 9900, imageUrl: null, deleted: false } },
    customPrices: { SIZE_20x30: 15000, SIZE_30x40: 22000, SIZE_40x50: 30000, SIZE_50x70: 42000 },
    discounts: [],
    promo: null,
    ...patch,
  };
}

export function posterAdded(itemId: string, posterId: string, variantId: string, size: CartLine['size'], quantity = 1): ItemAddedToCart {
  return {
    type: 'ItemAddedToCart',
    data: { itemId, kind: 'poster', posterId, variantId, productId: null, size, quantity, customImagePath: null },
  };
}

export function customAdded(itemId: string, size: CartLine['size'], quantity = 1): ItemAddedToCart {
  return {
    type: 'ItemAddedToCart',
    data: { itemId, kind: 'custom', posterId: null, variantId: null, productId: null, size, quantity, customImagePath: `custom/${itemId}.jpg` },
  };
}

export function addOnAdded(itemId: string, productId: string, quantity = 1): ItemAddedToCart {
  return {
    type: 'ItemAddedToCart',
    data: { itemId, kind: 'addon', posterId: null, variantId: null, productId, size: null, quantity, customImagePath: null },
  };
}

/** A cart state with these lines (and optional promo / payment method). */
export function cartWith(items: CartLine[], patch: Partial<CartState> = {}): CartState {
  return { ...initialCartState, items, ...patch };
}

export function line(event: ItemAddedToCart): CartLine {
  return { ...event.data };
}

/** Mona in Zamalek, as a placed order records her: phone normalised, default Cairo coordinates, no e-mail. */
export const monaCustomer: OrderCustomer = {
  firstName: 'Mona',
  lastName: 'Adel',
  phone: '01012345678',
  email: null,
  addressLine: '12 Nile St',
  building: '4',
  apartment: '7',
  city: 'Zamalek',
  governorate: 'CAIRO',
  latitude: 30.0444,
  longitude: 31.2357,
  notes: null,
};
