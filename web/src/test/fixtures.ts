// Answers in the API's own shapes: typed with the generated client types, so a fixture that drifts
// from the OpenAPI document fails the type check instead of testing a shape the server never sends.
import type {
  CartAnswer,
  CartItemView,
  CartView,
  CheckoutAnswerView,
  PosterCardView,
  PosterPage,
  PosterView,
  ShopConfigView,
  VariantView,
} from '../api/generated-public';
import { EMPTY_CART } from '../features/cart/cart-math';

const FREE_SHIPPING_THRESHOLD = 1499;

export const GOVERNORATES = [
  { code: 'CAIRO', nameEn: 'Cairo', nameAr: 'القاهرة', shippingCost: 60 },
  { code: 'GIZA', nameEn: 'Giza', nameAr: 'الجيزة', shippingCost: 65 },
  { code: 'ALEXANDRIA', nameEn: 'Alexandria', nameAr: 'الإسكندرية', shippingCost: 70 },
];

export function config(exemptGovernorates: string[]): ShopConfigView {
  return {
    governorates: GOVERNORATES.map((g) => ({ ...g, exempt: exemptGovernorates.includes(g.code) })),
    exemptGovernorates,
    freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
    codFee: 20,
    taxRate: 14,
    currency: 'EGP',
    minimumPosters: 2,
    maxQuantityPerLine: 100,
    paymentMethods: ['COD', 'ONLINE'],
    defaultPaymentMethod: 'COD',
    defaultCoordinates: { latitude: 30.0444, longitude: 31.2357 },
    arabicDigits: 'arabic-indic',
    sizes: [
      { code: 'SIZE_20x30', label: '20x30cm' },
      { code: 'SIZE_30x40', label: '30x40cm' },
    ],
    categories: [
      { code: 'ANIME', label: 'Anime', nameEn: 'Anime', nameAr: 'أنمي' },
      { code: 'CARS', label: 'Cars', nameEn: 'Cars', nameAr: 'سيارات' },
    ],
  };
}

/** A variant at `price`; with `discountedPrice` below it, on sale. */
export function variant(id: string, size: string, price: number, discountedPrice = price): VariantView {
  const hasDiscount = discountedPrice < price;
  return {
    id,
    variantId: id,
    size,
    price,
    originalPrice: price,
    discountedPrice,
    hasDiscount,
    discountPercentage: hasDiscount ? Math.round(((price - discountedPrice) / price) * 100) : 0,
    weightGrams: 0,
  };
}

export function poster(id: string, name: string, over: Partial<PosterView> = {}): PosterView {
  const variants = over.variants ?? [variant(`${id}-v`, 'SIZE_30x40', 200)];
  const prices = variants.map((v) => v.discountedPrice);
  return {
    id,
    name,
    description: '',
    nameAr: '',
    descriptionAr: '',
    category: 'ART',
    imageUrl: `${id}.webp`,
    visible: true,
    isActive: true,
    hasDiscount: variants.some((v) => v.hasDiscount),
    discountPercentage: Math.max(0, ...variants.map((v) => v.discountPercentage)),
    originalPriceSample: variants[0]?.price ?? 0,
    discountedPriceSample: variants[0]?.discountedPrice ?? 0,
    minPrice: prices.length ? Math.min(...prices) : 0,
    maxPrice: prices.length ? Math.max(...prices) : 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
    variants,
  };
}

/** A poster's card "from" `price`; with `originalPrice` above it, on sale. */
export function posterCard(id: string, name: string, over: Partial<PosterCardView> = {}): PosterCardView {
  const price = over.price ?? 200;
  const originalPrice = over.originalPrice ?? price;
  return {
    id,
    name,
    nameAr: '',
    category: 'ART',
    imageUrl: `${id}.webp`,
    discountPercentage: originalPrice > price ? Math.round(((originalPrice - price) / originalPrice) * 100) : 0,
    ...over,
    price,
    originalPrice,
  };
}

/** Page `currentPage` of `totalItems` posters, `itemsPerPage` a page. */
export function posterPage(posters: PosterCardView[], currentPage: number, totalItems: number, itemsPerPage = 20): PosterPage {
  const totalPages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  return { posters, currentPage, totalPages, totalItems, itemsPerPage, hasNextPage: currentPage < totalPages, hasPreviousPage: currentPage > 1 };
}

export function posterItem(over: Partial<CartItemView> = {}): CartItemView {
  const line = {
    itemId: 'item-1',
    kind: 'poster' as const,
    posterId: 'poster-1',
    productId: null,
    variantId: 'v-1',
    posterName: 'Midnight Drive',
    posterNameAr: null as string | null,
    size: 'SIZE_30x40',
    price: 300,
    originalPrice: 300,
    quantity: 1,
    customImagePath: null,
    imageUrl: 'posters/midnight.webp',
    discountPercentage: 0,
    category: 'CARS',
    available: true,
    unavailableMessage: null,
    priceRules: [{ rule: 'BASE_PRICE' as const, unitPrice: 300, percent: null, category: null, code: null, threshold: null }],
    ...over,
  };
  // The server's aliases follow the fields they copy.
  return { ...line, id: line.itemId, name: line.posterName, finalPrice: line.price, subtotal: over.subtotal ?? line.price * line.quantity };
}

/** A COD cart of these lines, its figures derived the way the server prices them. */
export function cartWith(items: CartItemView[], over: Partial<CartView> = {}): CartView {
  const subtotal = items.reduce((s, i) => s + i.subtotal, 0);
  const count = (lines: CartItemView[]) => lines.reduce((n, i) => n + i.quantity, 0);
  const amountToFreeShipping = Math.max(0, FREE_SHIPPING_THRESHOLD - subtotal);
  return {
    ...EMPTY_CART,
    cartId: 'cart-1',
    items,
    itemCount: count(items),
    posterCount: count(items.filter((i) => i.kind !== 'addon' && i.available)),
    subtotal,
    freeShipping: items.length > 0 && amountToFreeShipping === 0,
    amountToFreeShipping,
    freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
    codFee: 20,
    taxRate: 14,
    taxAmount: Math.round(((subtotal * 14) / 114) * 100) / 100,
    total: subtotal + 20,
    originalTotal: subtotal + 20,
    priceRules: amountToFreeShipping === 0 && items.length > 0 ? [{ rule: 'FREE_SHIPPING', unitPrice: null, percent: null, category: null, code: null, threshold: FREE_SHIPPING_THRESHOLD }] : [],
    ...over,
  };
}

/** What every cart command answers. */
export function cartAnswer(cart: CartView, cartId = 'cart-1'): CartAnswer {
  return { cartId, cart: { ...cart, cartId } };
}

export function checkoutAnswer(orderNumber: string, orderId: string): CheckoutAnswerView {
  return { cartId: 'cart-1', orderId, orderNumber, promoMessage: null, total: null, totals: null };
}
