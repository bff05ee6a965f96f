/** What-if promotions: past orders priced again by priceCart, with and without a draft. */
import fc from 'fast-check';
import type { CartState } from '../cart/cart.decider.js';
import type { CatalogueSnapshot } from '../pricing/catalogue-snapshot.js';
import { DomainError } from '../shared/domain-error.js';
import { CATEGORIES, DEFAULT_SHOP_RULES, GOVERNORATE_CODES, SIZES, type ShopRules } from '../shop-config.js';
import { NO_PROMO_RULES, type PromoRules } from '../promotion/promo-rules.js';
import { DraftPromoUses } from './draft-promo-uses.js';
import { cartWith, catalogue, line, posterAdded } from '../testing/fixtures.js';
import { placeOrder, WHAT_IF_DRAFT, whatIfHistory } from '../testing/what-if-history.js';
import { parsePromotionDraft, parseReplayPeriod, type PromotionDraft } from './promotion-draft.js';
import { replayOrder } from './replay-order.js';
import { totalsOf, WhatIfTally, type OrderOutcome } from './what-if-tally.js';

const place = (cart: CartState, cat: CatalogueSnapshot, governorate: string, payment: 'COD' | 'ONLINE', rules: ShopRules) => placeOrder(cart, cat, governorate, payment, { rules });
const seededHistory = () => whatIfHistory();
const delivered: OrderOutcome = { status: 'DELIVERED', returned: 0, refunded: 0, courierFee: 0 };

describe('replaying an order placed with a promo code for one category', () => {
  it('prices it again exactly: the lines the code priced say which category it was for', () => {
    const salah = line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2));
    const anime = line(posterAdded('i2', 'anime', 'anime-50x70', 'SIZE_50x70', 1));
    const promo = { code: 'ANIME10', percentOff: 10, active: true, deleted: false, rules: { ...NO_PROMO_RULES, category: 'ANIME' as const } };
    const order = placeOrder(cartWith([salah, anime], { promoCode: 'ANIME10' }), catalogue({ promo }), 'CAIRO', 'COD', {});
    expect(order.totals.discountFromPromoCode).toBe(4200);
    expect(totalsOf(replayOrder(order, DEFAULT_SHOP_RULES))).toEqual(order.totals);
  });
});

describe('what-if on a seeded history', () => {
  it('records the hand-computed totals (the history is what the header says)', () => {
    expect(seededHistory().map((o) => o.totals.total)).toEqual([38000, 83950, 170000]);
  });

  it('without a draft, every order replays to exactly its recorded totals', () => {
    for (const order of seededHistory()) expect(totalsOf(replayOrder(order, DEFAULT_SHOP_RULES))).toEqual(order.totals);
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, {});
    seededHistory().forEach((o) => tally.addOrder(o, delivered));
    expect(tally.figures()).toMatchObject({ orders: 3, ordersAffected: 0, averageOrderValueBefore: 97317, averageOrderValueAfter: 97317, discountGiven: 0, ordersNotReproduced: 0 });
    expect(tally.figures().moneyAfter).toEqual(tally.figures().moneyBefore);
  });

  it('names net sales apart from delivery fees: the goods after discounts, recomputed from each order', () => {
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, {});
    const history = seededHistory();
    history.forEach((o) => tally.addOrder(o, delivered));
    const goods = history.reduce((sum, o) => sum + o.totals.subtotal - o.totals.discountFromPromotions - o.totals.discountFromPromoCode, 0);
    const shippingAndFees = history.reduce((sum, o) => sum + o.totals.shippingCost + o.totals.codFee, 0);
    expect(shippingAndFees).toBeGreaterThan(0);
    expect(tally.figures().moneyBefore).toMatchObject({ netSales: goods, deliveryFees: shippingAndFees });
  });

  it('counts in sales only the orders that are sales as they stand: placed, canceled and refused ones count in none, returns come off', () => {
    const [a, b, c] = seededHistory();
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, WHAT_IF_DRAFT);
    tally.addOrder(a, { ...delivered, status: 'REFUSED' });
    tally.addOrder(b, { ...delivered, status: 'PLACED' });
    const goodsC = c.totals.subtotal - c.totals.discountFromPromotions - c.totals.discountFromPromoCode;
    tally.addOrder(c, { ...delivered, returned: goodsC / 4, refunded: 10000 });
    const f = tally.figures();
    expect(f).toMatchObject({ orders: 3, salesOrders: 1, averageOrderValueBefore: c.totals.total });
    expect(f.moneyBefore).toMatchObject({ grossSales: c.totals.subtotal, returns: goodsC / 4, netSales: goodsC - goodsC / 4, refusedAmount: a.totals.total, cashRefunded: 10000 });
    // With the draft, C's goods are priced again and a quarter of them still came back.
    const afterC = replayOrder(c, DEFAULT_SHOP_RULES, WHAT_IF_DRAFT);
    const goodsAfter = afterC.subtotal - afterC.discountFromPromotions - afterC.discountFromPromoCode;
    expect(f.moneyAfter).toMatchObject({ returns: goodsAfter / 4, netSales: goodsAfter - goodsAfter / 4 });
  });

  // The orders and the draft's figures are worked out by hand in testing/what-if-history.ts.
  it('with a draft, matches the hand-computed figures', () => {
    const draft = WHAT_IF_DRAFT;
    const history = seededHistory();
    expect(history.map((o) => replayOrder(o, DEFAULT_SHOP_RULES, draft).total)).toEqual([28500, 69390, 122460]);
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, draft);
    history.forEach((o) => tally.addOrder(o, delivered));
    expect(tally.figures()).toEqual({
      orders: 3,
      ordersAffected: 3,
      salesOrders: 3,
      // Net sales: the totals (2,919.50 recorded, 2,203.50 with the draft) less their shipping and COD fees (170.00 recorded, 30.00 with the draft).
      moneyBefore: expect.objectContaining({ grossSales: 291900, discounts: 8400 + 8550, returns: 0, netSales: 291950 - 17000, deliveryFees: 17000 }),
      moneyAfter: expect.objectContaining({ grossSales: 291900, discounts: 3000 + (16800 + 7710) + (33600 + 13440), returns: 0, netSales: 220350 - 3000, deliveryFees: 3000 }),
      discountGiven: 74550 - 16950,
      averageOrderValueBefore: 97317, // 2,919.50 / 3 = 973.1666… half-up
      averageOrderValueAfter: 73450,
      ordersCrossingFreeShipping: 2,
      ordersLosingFreeShipping: 0,
      ordersNotReproduced: 0,
    });
  });

  it('a draft of the code an order used changes its percent, even downwards', () => {
    const [, b] = seededHistory();
    const after = replayOrder(b, DEFAULT_SHOP_RULES, { promoCode: { code: 'WELCOME10', percentOff: 5 } });
    expect(after.discountFromPromoCode).toBe(4275); // 5% of 855.00
  });

  it('a higher threshold takes free shipping away, at the governorate rate', () => {
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, { freeShippingThreshold: 200000 });
    seededHistory().forEach((o) => tally.addOrder(o, delivered));
    expect(tally.figures()).toMatchObject({ ordersAffected: 1, ordersLosingFreeShipping: 1 });
    expect(tally.figures().moneyAfter.deliveryFees - tally.figures().moneyBefore.deliveryFees).toBe(6500);
  });

  it('keeps the COD fee and shipping rate an order paid when the shop has changed them since', () => {
    const [a] = seededHistory();
    const now = { ...DEFAULT_SHOP_RULES, codFee: 5000, freeShippingThreshold: 10000, shippingRates: { ...DEFAULT_SHOP_RULES.shippingRates, CAIRO: 9999 } };
    expect(totalsOf(replayOrder(a, now))).toEqual(a.totals);
  });
});

describe('a draft with the rules of the real thing', () => {
  // A (1 Nov): 2 × Salah, subtotal 300. B (2 Nov): anime, 855 after its discount, WELCOME10. C (3 Nov): 4 × anime, 1,680. One customer.
  const promoOff = (draft: PromotionDraft) => {
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, draft);
    const pricings = seededHistory().map((o) => {
      tally.addOrder(o, delivered);
      return replayOrder(o, DEFAULT_SHOP_RULES, draft);
    });
    return { off: pricings.map((p) => [p.promoCode, p.discountFromPromoCode]), figures: tally.figures() };
  };
  const follow15 = (rules: Partial<PromoRules>) => ({ promoCode: { code: 'FOLLOW15', percentOff: 15, rules: { ...NO_PROMO_RULES, ...rules } } });
  const uses = (draft: PromotionDraft) => {
    const uses = new DraftPromoUses();
    return seededHistory().map((o) => {
      const p = replayOrder(o, DEFAULT_SHOP_RULES, draft, uses);
      if (p.promoCode === 'FOLLOW15') uses.record(o);
      return p.promoCode;
    });
  };

  it('a category discount with a window changes only the orders placed inside it', () => {
    const draft: PromotionDraft = { categoryDiscount: { category: 'ANIME', percentage: 20, startsOn: '2026-11-03', endsOn: null } };
    const [a, b, c] = seededHistory().map((o) => replayOrder(o, DEFAULT_SHOP_RULES, draft).discountFromPromotions);
    expect([a, b, c]).toEqual([0, 8400, 33600]); // B keeps its own 10%; C gets 20% of 1,680
    const tally = new WhatIfTally(DEFAULT_SHOP_RULES, draft);
    seededHistory().forEach((o) => tally.addOrder(o, delivered));
    expect(tally.figures()).toMatchObject({ ordersAffected: 1, ordersNotReproduced: 0 });
  });

  it('a code with a minimum subtotal leaves the orders below it alone', () => {
    expect(promoOff(follow15({ minimumSubtotal: 90000 })).off).toEqual([[null, 0], ['FOLLOW15', 12825], ['FOLLOW15', 25200]]);
  });

  it('a code for one category applies to the orders holding it', () => {
    // B: 15% of its anime lines only (2 × 378.00), not of its frame.
    expect(promoOff(follow15({ category: 'ANIME' })).off).toEqual([[null, 0], ['FOLLOW15', 11340], ['FOLLOW15', 25200]]);
  });

  it('a code with dates applies to the orders placed on those shop days', () => {
    expect(promoOff(follow15({ startsOn: '2026-11-02', endsOn: '2026-11-02' })).off).toEqual([[null, 0], ['FOLLOW15', 12825], [null, 0]]);
  });

  it('a usage limit and once per customer count the orders in the order they were placed', () => {
    expect(uses(follow15({ usageLimit: 2 }))).toEqual(['FOLLOW15', 'FOLLOW15', null]);
    expect(uses(follow15({ oncePerCustomer: true }))).toEqual(['FOLLOW15', 'WELCOME10', null]);
    expect(uses(follow15({}))).toEqual(['FOLLOW15', 'FOLLOW15', 'FOLLOW15']);
    expect(promoOff(follow15({ usageLimit: 1 })).figures).toMatchObject({ ordersAffected: 1, ordersNotReproduced: 0 });
  });

  it('an order whose own code the draft refuses loses it', () => {
    const [, b] = seededHistory();
    const after = replayOrder(b, DEFAULT_SHOP_RULES, { promoCode: { code: 'WELCOME10', percentOff: 10, rules: { ...NO_PROMO_RULES, minimumSubtotal: 100000 } } });
    expect([after.promoCode, after.discountFromPromoCode, after.total]).toEqual([null, 0, 83950 + 8550]);
  });
});

describe('replaying a placed order reproduces its totals (property)', () => {
  const price = fc.integer({ min: 1, max: 2_000_000 });
  const category = fc.option(fc.constantFrom(...CATEGORIES), { nil: null });
  const posters = fc.record({
    p1: fc.record({ category, prices: fc.tuple(price, price, price, price) }),
    p2: fc.record({ category, prices: fc.tuple(price, price, price, price) }),
  });
  const lineArb = fc.oneof(
    fc.record({ kind: fc.constant('poster' as const), posterId: fc.constantFrom('p1', 'p2'), size: fc.constantFrom(...SIZES), quantity: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('custom' as const), posterId: fc.constant(null), size: fc.constantFrom(...SIZES), quantity: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('addon' as const), posterId: fc.constant(null), size: fc.constant(null), quantity: fc.integer({ min: 1, max: 100 }) }),
  );
  const discounts = fc.array(fc.record({ discountId: fc.nat(), category, percentage: fc.integer({ min: 1, max: 100 }), active: fc.boolean() }), { maxLength: 4 });

  it('for any cart, catalogue, rules, governorate and payment method', () => {
    fc.assert(
      fc.property(
        posters, fc.array(lineArb, { minLength: 1, maxLength: 6 }), discounts, fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }), price, price, fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(...GOVERNORATE_CODES), fc.constantFrom('COD' as const, 'ONLINE' as const),
        (ps, lines, ds, promoPercent, addonPrice, threshold, codFee, governorate, payment) => {
          const cat: CatalogueSnapshot = {
            posters: Object.fromEntries(Object.entries(ps).map(([id, p]) => [id, {
              name: id, category: p.category, imageUrl: null, visible: true, deleted: false,
              variants: SIZES.map((size, i) => ({ variantId: `${id}-${size}`, size, price: p.prices[i] })),
            }])),
            products: { a1: { name: 'frame', price: addonPrice, imageUrl: null, deleted: false } },
            customPrices: { SIZE_30x40: addonPrice },
            discounts: ds,
            promo: promoPercent === null ? null : { code: 'P', percentOff: promoPercent, active: true, deleted: false },
          };
          const cart = cartWith(
            lines.map((l, i) => ({
              itemId: `i${i}`, kind: l.kind, posterId: l.posterId, variantId: l.posterId ? `${l.posterId}-${l.size}` : null,
              productId: l.kind === 'addon' ? 'a1' : null, size: l.size, quantity: l.quantity, customImagePath: l.kind === 'custom' ? 'c.jpg' : null,
            })),
            { promoCode: promoPercent === null ? null : 'P', paymentMethod: payment },
          );
          const rules = { ...DEFAULT_SHOP_RULES, freeShippingThreshold: threshold, codFee, exemptGovernorates: GOVERNORATE_CODES };
          const order = place(cart, cat, governorate, payment, rules);
          // Replayed under today's default rules: the order's own fee, rate and threshold side win.
          expect(totalsOf(replayOrder(order, DEFAULT_SHOP_RULES))).toEqual(order.totals);
          expect(totalsOf(replayOrder(order, DEFAULT_SHOP_RULES, {}))).toEqual(order.totals);
        },
      ),
      { seed: 15, numRuns: 300 },
    );
  });
});

describe('validating a draft and a period', () => {
  const message = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      if (e instanceof DomainError) return e.message;
      throw e;
    }
    return 'valid';
  };

  it('takes a whole draft, blanks meaning "not in the draft"', () => {
    expect(parsePromotionDraft({ discountCategory: 'anime', discountPercent: 20, promoCode: ' follow10 ', promoPercent: 10, freeShippingThreshold: 30000, codFee: 0 })).toEqual({
      categoryDiscount: { category: 'ANIME', percentage: 20 },
      promoCode: { code: 'FOLLOW10', percentOff: 10 },
      freeShippingThreshold: 30000,
      codFee: 0,
    });
    expect(parsePromotionDraft({ discountCategory: '', discountPercent: 5, promoCode: null, promoPercent: null })).toEqual({ categoryDiscount: { category: null, percentage: 5 } });
    expect(parsePromotionDraft({})).toEqual({});
  });

  it('takes the draft discount\'s window and the draft code\'s rules', () => {
    expect(
      parsePromotionDraft({
        discountPercent: 20, discountCategory: 'ANIME', discountStartsOn: '2026-12-01', discountEndsOn: '',
        promoCode: 'follow10', promoPercent: 10, promoStartsOn: '2026-12-01', promoEndsOn: '2026-12-07', promoMinimumSubtotal: 50000, promoCategory: 'cars', promoUsageLimit: 100, promoOncePerCustomer: true,
      }),
    ).toEqual({
      categoryDiscount: { category: 'ANIME', percentage: 20, startsOn: '2026-12-01', endsOn: null },
      promoCode: { code: 'FOLLOW10', percentOff: 10, rules: { startsOn: '2026-12-01', endsOn: '2026-12-07', minimumSubtotal: 50000, category: 'CARS', usageLimit: 100, oncePerCustomer: true } },
    });
    expect(parsePromotionDraft({ promoCode: 'X', promoPercent: 5, promoOncePerCustomer: false, promoMinimumSubtotal: null })).toEqual({ promoCode: { code: 'X', percentOff: 5 } });
  });

  it.each([
    [{ discountPercent: 0 }, 'The category discount must be a whole percent between 1 and 100'],
    [{ discountPercent: 150 }, 'The category discount must be a whole percent between 1 and 100'],
    [{ discountPercent: 12.5 }, 'The category discount must be a whole percent between 1 and 100'],
    [{ discountCategory: 'ANIME' }, 'Give the category discount a percent between 1 and 100'],
    [{ discountCategory: 'SHOES', discountPercent: 10 }, 'Please select a valid category'],
    [{ promoPercent: 10 }, 'A promo code is 1 to 40 letters, digits, dashes or underscores'],
    [{ promoCode: 'NO SPACES', promoPercent: 10 }, 'A promo code is 1 to 40 letters, digits, dashes or underscores'],
    [{ promoCode: 'OK', promoPercent: -1 }, 'The promo code must take a whole percent between 1 and 100'],
    [{ freeShippingThreshold: -1 }, 'The free-shipping threshold must be between 0 and 1,000,000 EGP'],
    [{ freeShippingThreshold: 1e12 }, 'The free-shipping threshold must be between 0 and 1,000,000 EGP'],
    [{ codFee: 2_000_000 }, 'The COD fee must be between 0 and 10,000 EGP'],
    [{ codFee: 0.5 }, 'The COD fee must be between 0 and 10,000 EGP'],
    [{ discountPercent: 10, discountStartsOn: '2026-12-08', discountEndsOn: '2026-12-07' }, 'discountEndsOn: The end must not be before the start'],
    [{ discountPercent: 10, discountStartsOn: 'soon' }, 'discountStartsOn: Enter the start as a date (YYYY-MM-DD)'],
    [{ discountEndsOn: '2026-12-07' }, 'Give the category discount a percent between 1 and 100'],
    [{ promoCode: 'OK', promoPercent: 10, promoUsageLimit: 0 }, 'promoUsageLimit: Enter a whole number of uses from 1 to 1000000, or leave it empty for no limit'],
    [{ promoCode: 'OK', promoPercent: 10, promoCategory: 'SHOES' }, 'promoCategory: Please select a valid category'],
    [{ promoCode: 'OK', promoPercent: 10, promoMinimumSubtotal: -1 }, 'promoMinimumSubtotal: Enter a minimum subtotal in piastres from 0 to 1000000000'],
    [{ promoUsageLimit: 5 }, 'A promo code is 1 to 40 letters, digits, dashes or underscores'],
  ])('refuses %j', (input, expected) => {
    expect(message(() => parsePromotionDraft(input))).toBe(expected);
  });

  const now = new Date('2026-11-20T12:00:00.000Z');
  it('defaults to the last 30 days', () => {
    expect(parseReplayPeriod({}, now)).toEqual({ from: new Date('2026-10-21T12:00:00.000Z'), to: now });
  });

  it.each([
    [{ from: new Date('2026-11-10'), to: new Date('2026-11-01') }, 'The period must start before it ends'],
    [{ from: new Date('2026-12-01'), to: new Date('2026-12-02') }, 'The period starts in the future: no orders to replay yet'],
    [{ from: new Date('2016-01-01') }, 'The period may span at most 1830 days'],
    [{ from: new Date('nope') }, 'The period needs valid dates'],
  ])('refuses the period %j', (input, expected) => {
    expect(message(() => parseReplayPeriod(input, now))).toBe(expected);
  });
});
