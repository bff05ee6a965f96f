/** Prices one cart line from the catalogue; the cart itself carries no prices. */
import { CART_MESSAGES } from '../cart/cart-errors.js';
import type { CartLine } from '../cart/events.js';
import type { OrderItem } from '../order/events.js';
import type { Piastres } from '../shared/money.js';
import { DEFAULT_CUSTOM_PRICES } from '../shop-config.js';
import { CUSTOM_POSTER_NAMES } from '../shared/customer-words.js';
import type { CatalogueSnapshot } from './catalogue-snapshot.js';
import { bestDiscount, discountedUnitPrice } from './discount-rules.js';
import { linePriceRules } from './price-rules.js';

export const CUSTOM_POSTER_NAME = CUSTOM_POSTER_NAMES.en;
export const ADDON_UNAVAILABLE_MESSAGE = 'This add-on is no longer available';

export type UnavailableReason = 'POSTER_UNAVAILABLE' | 'SIZE_UNAVAILABLE' | 'ADDON_UNAVAILABLE';

/** A cart line priced now; an order keeps the OrderItem part of it as its snapshot. */
export interface PricedLine extends OrderItem {
  /** originalUnitPrice × quantity. */
  originalLineTotal: Piastres;
  /** Unavailable lines are shown but not counted in any total; checkout refuses them. */
  available: boolean;
  unavailable: { reason: UnavailableReason; message: string } | null;
}

interface Base {
  name: string;
  nameAr?: string;
  category: string | null;
  imageUrl: string | null;
  originalUnitPrice: Piastres;
  variantId: string | null;
  unavailable: PricedLine['unavailable'];
}

function posterBase(line: CartLine, catalogue: CatalogueSnapshot): Base {
  const poster = line.posterId === null ? undefined : catalogue.posters[line.posterId];
  if (!poster || poster.deleted || !poster.visible) {
    return {
      name: poster?.name ?? '',
      ...(poster?.nameAr ? { nameAr: poster.nameAr } : {}),
      category: poster?.category ?? null,
      imageUrl: poster?.imageUrl ?? null,
      originalUnitPrice: 0,
      variantId: line.variantId,
      unavailable: { reason: 'POSTER_UNAVAILABLE', message: CART_MESSAGES.posterUnavailable },
    };
  }
  const variant = poster.variants.find((v) => v.variantId === line.variantId && v.size === line.size);
  return {
    name: poster.name,
    ...(poster.nameAr ? { nameAr: poster.nameAr } : {}),
    category: poster.category,
    imageUrl: poster.imageUrl,
    originalUnitPrice: variant?.price ?? 0,
    variantId: line.variantId,
    unavailable: variant ? null : { reason: 'SIZE_UNAVAILABLE', message: CART_MESSAGES.sizeUnavailable },
  };
}

function customBase(line: CartLine, catalogue: CatalogueSnapshot): Base {
  const size = line.size ?? 'SIZE_20x30';
  return {
    name: CUSTOM_POSTER_NAME,
    nameAr: CUSTOM_POSTER_NAMES.ar,
    category: null,
    imageUrl: null,
    originalUnitPrice: catalogue.customPrices[size] ?? DEFAULT_CUSTOM_PRICES[size],
    variantId: null,
    unavailable: null,
  };
}

function addOnBase(line: CartLine, catalogue: CatalogueSnapshot): Base {
  const product = line.productId === null ? undefined : catalogue.products[line.productId];
  const available = product !== undefined && !product.deleted;
  return {
    name: product?.name ?? '',
    ...(product?.nameAr ? { nameAr: product.nameAr } : {}),
    category: null,
    imageUrl: product?.imageUrl ?? null,
    originalUnitPrice: available ? product.price : 0,
    variantId: null,
    unavailable: available ? null : { reason: 'ADDON_UNAVAILABLE', message: ADDON_UNAVAILABLE_MESSAGE },
  };
}

/** promo: the promo code applied to the cart (priceCart decides whether it still applies). */
export function priceLine(line: CartLine, catalogue: CatalogueSnapshot, promo: { code: string; percent: number } | null = null): PricedLine {
  const base =
    line.kind === 'poster' ? posterBase(line, catalogue) : line.kind === 'custom' ? customBase(line, catalogue) : addOnBase(line, catalogue);
  const discount = base.unavailable ? { percent: 0, category: null } : bestDiscount(base.category, catalogue.discounts);
  const discountPercentage = discount.percent;
  const unitPrice = discountedUnitPrice(base.originalUnitPrice, discountPercentage);
  return {
    itemId: line.itemId,
    kind: line.kind,
    posterId: line.posterId,
    productId: line.productId,
    variantId: base.variantId,
    name: base.name,
    ...(base.nameAr ? { nameAr: base.nameAr } : {}),
    category: base.category,
    imageUrl: base.imageUrl,
    customImagePath: line.customImagePath,
    size: line.size,
    quantity: line.quantity,
    originalUnitPrice: base.originalUnitPrice,
    unitPrice,
    discountPercentage,
    originalLineTotal: base.originalUnitPrice * line.quantity,
    lineTotal: unitPrice * line.quantity,
    available: base.unavailable === null,
    unavailable: base.unavailable,
    priceRules: base.unavailable ? [] : linePriceRules(base.originalUnitPrice, discount, promo),
  };
}
