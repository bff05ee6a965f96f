/**
 * A small history of placed orders for the what-if tests (domain and API), each priced at
 * checkout with the configuration of its day (default rules: free shipping from 1,499 EGP, COD
 * fee 20 EGP; Cairo 60, Giza 65, Alexandria 70 EGP):
 *   A  Cairo, COD: 2 × Salah 150                    300.00 + 60 shipping + 20 COD      = 380.00
 *   B  Alexandria, online, ANIME −10% and WELCOME10: 2 × anime 420 (378) + frame 99
 *      subtotal 939, −84 discount, −85.50 promo, +70 shipping                          = 839.50
 *   C  Giza, COD: 4 × anime 420 = 1,680 (free shipping) + 20 COD                       = 1,700.00
 *
 * The draft WHAT_IF_DRAFT (ANIME −20%, FOLLOW10 −10% for everyone, free shipping from 300 EGP,
 * COD fee 15 EGP) turns them into:
 *   A  no anime; FOLLOW10 −30; 300 ≥ 300: free shipping; COD 15                      = 285.00
 *   B  anime 20% beats 10%: 2 × 336 + 99 = 771 (−168); keeps WELCOME10 (not beaten):
 *      −77.10; 939 ≥ 300: free shipping                                              = 693.90
 *   C  4 × 336 = 1,344 (−336); FOLLOW10 −134.40; COD 15                              = 1,224.60
 */
import type { CartState } from '../cart/cart.decider.js';
import { priceAndDecideCheckout } from '../checkout/checkout.decider.js';
import type { CheckoutForm } from '../checkout/commands.js';
import type { OrderPlaced } from '../order/events.js';
import type { CatalogueSnapshot } from '../pricing/catalogue-snapshot.js';
import { DEFAULT_SHOP_RULES, type ShopRules } from '../shop-config.js';
import type { PromotionDraft } from '../what-if/promotion-draft.js';
import { addOnAdded, cartWith, catalogue, line, posterAdded } from './fixtures.js';

export const WHAT_IF_DRAFT: PromotionDraft = {
  categoryDiscount: { category: 'ANIME', percentage: 20 },
  promoCode: { code: 'FOLLOW10', percentOff: 10 },
  freeShippingThreshold: 30000,
  codFee: 1500,
};

export function checkoutForm(governorate: string, paymentMethod: 'COD' | 'ONLINE'): CheckoutForm {
  return { firstName: 'Mona', lastName: 'Adel', phone: '010 1234 5678', addressLine: '12 Nile St', building: '4', apartment: '7', city: 'Town', governorate, paymentMethod };
}

/** The order checkout places for this cart (as OrderPlaced records it). */
export function placeOrder(
  cart: CartState,
  cat: CatalogueSnapshot,
  governorate: string,
  paymentMethod: 'COD' | 'ONLINE',
  o: { rules?: ShopRules; orderId?: string; placedAt?: string } = {},
): OrderPlaced['data'] {
  const orderId = o.orderId ?? 'o';
  const ids = { cartId: `cart-${orderId}`, orderId, orderNumber: `PS-${orderId}`, now: o.placedAt ?? '2026-11-01T10:00:00.000Z' };
  return priceAndDecideCheckout(cart, cat, checkoutForm(governorate, paymentMethod), ids, o.rules ?? DEFAULT_SHOP_RULES).orderEvents[0].data;
}

/** Orders A, B and C (see above), placed at the given instants (ids from `ids`). */
export function whatIfHistory(placedAt: [string, string, string] = ['2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', '2026-11-03T10:00:00.000Z'], ids: [string, string, string] = ['a', 'b', 'c']): OrderPlaced['data'][] {
  const welcome10 = { code: 'WELCOME10', percentOff: 10, active: true, deleted: false };
  const anime10 = { discountId: 1, category: 'ANIME', percentage: 10, active: true };
  return [
    placeOrder(cartWith([line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2))]), catalogue(), 'CAIRO', 'COD', { orderId: ids[0], placedAt: placedAt[0] }),
    placeOrder(
      cartWith([line(posterAdded('i1', 'anime', 'anime-50x70', 'SIZE_50x70', 2)), line(addOnAdded('i2', 'frame'))], { promoCode: 'WELCOME10', paymentMethod: 'ONLINE' }),
      catalogue({ discounts: [anime10], promo: welcome10 }),
      'ALEXANDRIA',
      'ONLINE',
      { orderId: ids[1], placedAt: placedAt[1] },
    ),
    placeOrder(cartWith([line(posterAdded('i1', 'anime', 'anime-50x70', 'SIZE_50x70', 4))]), catalogue(), 'GIZA', 'COD', { orderId: ids[2], placedAt: placedAt[2] }),
  ];
}
