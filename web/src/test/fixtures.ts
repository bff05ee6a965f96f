import type { Cart, CartItem } from '../features/cart/cart-types';
import type { PublicConfig } from '../features/catalog/catalog-types';

export const GOVERNORATES = [
  { code: 'CAIRO', nameEn: 'Cairo', nameAr: 'القاهرة', shippingCost: 60 },
  { code: 'GIZA', nameEn: 'Giza', nameAr: 'الجيزة', shippingCost: 65 },
  { code: 'ALEXANDRIA', nameEn: 'Alexandria', nameAr: 'الإسكندرية', shippingCost: 70 },
];

export function config(exemptGovernorates: string[]): PublicConfig {
  return {
    governorates: GOVERNORATES,
    exemptGovernorates,
    freeShippingThreshold: 1499,
    codFee: 20,
    taxRate: 14,
    sizes: [
      { code: 'SIZE_20x30', label: '20x30cm' },
      { code: 'SIZE_30x40', label: '30x40cm' },
    ],
    categories: ['ANIME', 'CARS'],
  };
}

export function posterItem(over: Partial<CartItem> = {}): CartItem {
  return {
    itemId: 'item-1',
    kind: 'poster',
    posterId: 'poster-1',
    variantId: 'v-1',
    posterName: 'Midnight Drive',
    size: 'SIZE_30x40',
    price: 300,
    originalPrice: 300,
    finalPrice: 300,
    quantity: 1,
    subtotal: 300,
    customImagePath: null,
    imageUrl: 'posters/midnight.webp',
    discountPercentage: 0,
    category: 'CARS',
    ...over,
  };
}

export function cartWith(items: CartItem[], over: Partial<Cart> = {}): Cart {
  const subtotal = items.reduce((s, i) => s + (i.subtotal ?? i.price * i.quantity), 0);
  return {
    items,
    subtotal,
    shippingCost: 0,
    codFee: 20,
    promoCode: null,
    promoDiscount: 0,
    discountFromPromoCode: 0,
    discountFromPromotions: 0,
    taxAmount: Math.round((subtotal * 14) / 114 * 100) / 100,
    taxRate: 14,
    total: subtotal + 20,
    paymentMethod: 'COD',
    ...over,
  };
}
