/** Properties of money and totals over random carts and catalogues. */
import fc from 'fast-check';
import type { CartState } from '../cart/cart.decider.js';
import type { CartLine } from '../cart/events.js';
import { CATEGORIES, GOVERNORATE_CODES, SIZES } from '../shop-config.js';
import type { CatalogueSnapshot, PosterSnapshot } from './catalogue-snapshot.js';
import { priceCart } from './price-cart.js';

const price = fc.integer({ min: 1, max: 5_000_000 });
const size = fc.constantFrom(...SIZES);
const category = fc.constantFrom(...CATEGORIES);
const posterIds = ['p1', 'p2', 'p3', 'gone'];

const poster: fc.Arbitrary<PosterSnapshot> = fc.record({
  name: fc.string(),
  category: fc.option(category, { nil: null }),
  imageUrl: fc.constant('x.jpg'),
  visible: fc.boolean(),
  deleted: fc.boolean(),
  variants: fc.uniqueArray(size, { minLength: 1, maxLength: 4 }).chain((sizes) =>
    fc.tuple(...sizes.map((s) => price.map((p) => ({ variantId: `v-${s}`, size: s, price: p })))),
  ),
});

const catalogueArb: fc.Arbitrary<CatalogueSnapshot> = fc.record({
  posters: fc.record({ p1: poster, p2: poster, p3: poster }),
  products: fc.record({ a1: fc.record({ name: fc.string(), price, imageUrl: fc.constant(null), deleted: fc.boolean() }) }),
  customPrices: fc.record({ SIZE_20x30: price, SIZE_30x40: price, SIZE_40x50: price, SIZE_50x70: price }, { requiredKeys: [] }),
  discounts: fc.array(
    fc.record({ discountId: fc.nat(), category: fc.option(category, { nil: null }), percentage: fc.integer({ min: 1, max: 100 }), active: fc.boolean() }),
    { maxLength: 5 },
  ),
  promo: fc.option(fc.record({ code: fc.constant('PROMO'), percentOff: fc.integer({ min: 1, max: 100 }), active: fc.boolean(), deleted: fc.boolean() }), { nil: null }),
});

const quantity = fc.integer({ min: 1, max: 100 });
const lineArb: fc.Arbitrary<Omit<CartLine, 'itemId'>> = fc.oneof(
  fc.record({
    kind: fc.constant('poster' as const),
    posterId: fc.constantFrom(...posterIds),
    variantId: size.map((s) => `v-${s}`),
    productId: fc.constant(null),
    size,
    quantity,
    customImagePath: fc.constant(null),
  }).map((l) => ({ ...l, variantId: `v-${l.size}` })),
  fc.record({ kind: fc.constant('custom' as const), posterId: fc.constant(null), variantId: fc.constant(null), productId: fc.constant(null), size, quantity, customImagePath: fc.constant('c.jpg') }),
  fc.record({ kind: fc.constant('addon' as const), posterId: fc.constant(null), variantId: fc.constant(null), productId: fc.constantFrom('a1', 'gone'), size: fc.constant(null), quantity, customImagePath: fc.constant(null) }),
);

const cartArb: fc.Arbitrary<CartState> = fc.record({
  items: fc.array(lineArb, { maxLength: 8 }).map((lines) => lines.map((l, i) => ({ ...l, itemId: `i${i}` }))),
  promoCode: fc.constantFrom(null, 'PROMO'),
  paymentMethod: fc.constantFrom('COD' as const, 'ONLINE' as const),
  checkedOut: fc.constant(null),
});

const governorate = fc.option(fc.constantFrom(...GOVERNORATE_CODES), { nil: null });

describe('priceCart properties', () => {
  it('keeps every amount an integer and the total identity', () => {
    fc.assert(
      fc.property(cartArb, catalogueArb, governorate, (cart, cat, gov) => {
        const p = priceCart(cart, cat, { governorate: gov });
        const amounts = [p.subtotal, p.discountFromPromotions, p.discountFromPromoCode, p.shippingCost, p.codFee, p.taxAmount, p.total];
        expect(amounts.every(Number.isSafeInteger)).toBe(true);
        expect(p.total).toBe(p.subtotal - p.discountFromPromotions - p.discountFromPromoCode + p.shippingCost + p.codFee);
      }),
      { numRuns: 300 },
    );
  });

  it('never makes a total negative, discounts never exceed the subtotal, tax never exceeds the total', () => {
    fc.assert(
      fc.property(cartArb, catalogueArb, governorate, (cart, cat, gov) => {
        const p = priceCart(cart, cat, { governorate: gov });
        expect(p.total).toBeGreaterThanOrEqual(0);
        expect(p.discountFromPromotions).toBeGreaterThanOrEqual(0);
        expect(p.discountFromPromoCode).toBeGreaterThanOrEqual(0);
        expect(p.discountFromPromotions).toBeLessThanOrEqual(p.subtotal);
        expect(p.discountFromPromotions + p.discountFromPromoCode).toBeLessThanOrEqual(p.subtotal);
        expect(p.taxAmount).toBeGreaterThanOrEqual(0);
        expect(p.taxAmount).toBeLessThanOrEqual(p.total);
      }),
      { numRuns: 300 },
    );
  });

  it('prices every line consistently: lineTotal = unitPrice × quantity, unitPrice ≤ catalogue price', () => {
    fc.assert(
      fc.property(cartArb, catalogueArb, (cart, cat) => {
        for (const l of priceCart(cart, cat).lines) {
          expect(l.lineTotal).toBe(l.unitPrice * l.quantity);
          expect(l.originalLineTotal).toBe(l.originalUnitPrice * l.quantity);
          expect(l.unitPrice).toBeGreaterThanOrEqual(0);
          expect(l.unitPrice).toBeLessThanOrEqual(l.originalUnitPrice);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is stable: the same input prices the same, and line order does not change the totals', () => {
    fc.assert(
      fc.property(cartArb, catalogueArb, governorate, (cart, cat, gov) => {
        const a = priceCart(cart, cat, { governorate: gov });
        expect(priceCart(cart, cat, { governorate: gov })).toEqual(a);
        const reversed = priceCart({ ...cart, items: [...cart.items].reverse() }, cat, { governorate: gov });
        expect({ ...reversed, lines: [] }).toEqual({ ...a, lines: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('the tax is the included 14%, rounded half-up', () => {
    fc.assert(
      fc.property(cartArb, catalogueArb, (cart, cat) => {
        const p = priceCart(cart, cat);
        const goods = p.subtotal - p.discountFromPromotions - p.discountFromPromoCode;
        expect(Math.abs(p.taxAmount - (goods * 14) / 114)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 200 },
    );
  });
});
