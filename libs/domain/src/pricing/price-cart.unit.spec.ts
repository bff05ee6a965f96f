import { addOnAdded, cartWith, catalogue, customAdded, line, posterAdded, salahPoster } from '../testing/fixtures.js';
import { DEFAULT_CUSTOM_PRICES } from '../shop-config.js';
import { NO_PROMO_RULES, type PromoRules } from '../promotion/promo-rules.js';
import { priceCart, promoRuleRefusal } from './price-cart.js';

const salah2 = line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2)); // 2 × 150.00
const anime1 = line(posterAdded('i2', 'anime', 'anime-50x70', 'SIZE_50x70', 1)); // 1 × 420.00
const custom1 = line(customAdded('c1', 'SIZE_40x50', 1)); // 1 × 300.00
const frame1 = line(addOnAdded('a1', 'frame', 1)); // 1 × 99.00

describe('priceCart', () => {
  it('prices lines from the catalogue and adds shipping and the COD fee', () => {
    const pricing = priceCart(cartWith([salah2]), catalogue(), { governorate: 'CAIRO' });
    expect(pricing.lines[0]).toMatchObject({
      name: 'Salah',
      category: 'FOOTBALL',
      originalUnitPrice: 15000,
      unitPrice: 15000,
      discountPercentage: 0,
      lineTotal: 30000,
      available: true,
    });
    expect(pricing).toMatchObject({
      subtotal: 30000,
      discountFromPromotions: 0,
      discountFromPromoCode: 0,
      shippingCost: 6000,
      codFee: 2000,
      total: 38000,
      taxRate: 14,
      taxAmount: 3684, // 30000 × 14/114 = 3684.2
      itemCount: 2,
      posterCount: 2,
      paymentMethod: 'COD',
      governorate: 'CAIRO',
    });
  });

  it('charges no COD fee for online payment', () => {
    const pricing = priceCart(cartWith([salah2]), catalogue(), { governorate: 'CAIRO', paymentMethod: 'ONLINE' });
    expect(pricing.codFee).toBe(0);
    expect(pricing.total).toBe(36000);
  });

  it("uses the cart's payment method unless told otherwise", () => {
    expect(priceCart(cartWith([salah2], { paymentMethod: 'ONLINE' }), catalogue()).codFee).toBe(0);
  });

  it('applies the best active category discount per line; null-category lines get only all-category discounts', () => {
    const pricing = priceCart(cartWith([salah2, anime1, custom1, frame1]), catalogue({
      discounts: [
        { discountId: 1, category: 'FOOTBALL', percentage: 20, active: true },
        { discountId: 2, category: null, percentage: 10, active: true },
        { discountId: 3, category: 'ANIME', percentage: 50, active: false },
      ],
    }), { governorate: 'CAIRO' });
    expect(pricing.lines.map((l) => l.discountPercentage)).toEqual([20, 10, 10, 10]);
    expect(pricing.lines.map((l) => l.unitPrice)).toEqual([12000, 37800, 27000, 8910]);
    expect(pricing.subtotal).toBe(30000 + 42000 + 30000 + 9900);
    expect(pricing.discountFromPromotions).toBe(6000 + 4200 + 3000 + 990);
  });

  it('rounds the discount half-up per unit, so lineTotal = unitPrice × quantity', () => {
    const cat = catalogue({
      posters: { salah: { ...salahPoster, variants: [{ variantId: 'salah-20x30', size: 'SIZE_20x30', price: 14999 }] } },
      discounts: [{ discountId: 1, category: 'FOOTBALL', percentage: 15, active: true }],
    });
    const [priced] = priceCart(cartWith([{ ...salah2, quantity: 3 }]), cat).lines;
    expect(priced.unitPrice).toBe(12749); // 14999 − round(2249.85)
    expect(priced.lineTotal).toBe(38247);
  });

  it('takes the promo percent of the discounted subtotal', () => {
    const pricing = priceCart(
      cartWith([salah2, anime1], { promoCode: 'WELCOME10' }),
      catalogue({
        discounts: [{ discountId: 1, category: 'FOOTBALL', percentage: 20, active: true }],
        promo: { code: 'WELCOME10', percentOff: 10, active: true, deleted: false },
      }),
      { governorate: 'ALEXANDRIA' },
    );
    // subtotal 72000, promotions 6000, promo 10% of 66000
    expect(pricing).toMatchObject({ subtotal: 72000, discountFromPromotions: 6000, discountFromPromoCode: 6600, promoCode: 'WELCOME10', promoPercent: 10, promoDropped: null });
    expect(pricing.shippingCost).toBe(7000);
    expect(pricing.total).toBe(72000 - 6000 - 6600 + 7000 + 2000);
    expect(pricing.taxAmount).toBe(7295); // 59400 × 14/114 = 7294.7
  });

  it.each([
    ['deactivated', { code: 'WELCOME10', percentOff: 10, active: false, deleted: false }, 'Promo code WELCOME10 is no longer active'],
    ['deleted', { code: 'WELCOME10', percentOff: 10, active: true, deleted: true }, 'Promo code WELCOME10 is no longer available'],
    ['missing', null, 'Promo code WELCOME10 is no longer available'],
  ])('drops a %s promo with a message', (_label, promo, message) => {
    const pricing = priceCart(cartWith([salah2], { promoCode: 'WELCOME10' }), catalogue({ promo }), { governorate: 'CAIRO' });
    expect(pricing.promoDropped).toMatchObject({ code: 'WELCOME10', message });
    expect(pricing.promoCode).toBeNull();
    expect(pricing.discountFromPromoCode).toBe(0);
  });

  describe('a promo code with rules', () => {
    const withRules = (rules: Partial<PromoRules>) =>
      catalogue({ promo: { code: 'WELCOME10', percentOff: 10, active: true, deleted: false, rules: { ...NO_PROMO_RULES, ...rules } } });
    const cart = cartWith([salah2, anime1], { promoCode: 'WELCOME10' }); // FOOTBALL 30000 + ANIME 42000

    it('applies from its first shop day to its last, both included', () => {
      const dates = { startsOn: '2026-12-01', endsOn: '2026-12-07' };
      for (const today of ['2026-12-01', '2026-12-07']) expect(priceCart(cart, withRules(dates), { today }).discountFromPromoCode).toBe(7200);
      expect(priceCart(cart, withRules(dates), { today: '2026-11-30' }).promoDropped).toMatchObject({
        reason: 'PROMO_CODE_NOT_STARTED',
        message: 'This code starts on 1 December',
        params: { startsOn: '2026-12-01' },
      });
      expect(priceCart(cart, withRules(dates), { today: '2026-12-08' }).promoDropped).toMatchObject({ reason: 'PROMO_CODE_ENDED', message: 'This code ended on 7 December' });
    });

    it('does not check dates when priced without a day (a replay of placed orders)', () => {
      expect(priceCart(cart, withRules({ startsOn: '2030-01-01' })).promoCode).toBe('WELCOME10');
    });

    it('needs its minimum subtotal at catalogue prices', () => {
      expect(priceCart(cart, withRules({ minimumSubtotal: 72000 }), { today: '2026-12-01' }).discountFromPromoCode).toBe(7200);
      const short = priceCart(cart, withRules({ minimumSubtotal: 72001 }), { today: '2026-12-01' });
      expect(short.discountFromPromoCode).toBe(0);
      expect(short.promoDropped).toMatchObject({ reason: 'PROMO_CODE_MINIMUM_SUBTOTAL', message: 'This code needs a subtotal of LE 720.01', params: { minimum: 720.01 } });
      expect(priceCart(cart, withRules({ minimumSubtotal: 50000 }), { today: '2026-12-01', governorate: 'CAIRO' }).promoCode).toBe('WELCOME10');
      expect(priceCart(cartWith([salah2], { promoCode: 'WELCOME10' }), withRules({ minimumSubtotal: 50000 })).promoDropped?.message).toBe(
        'This code needs a subtotal of LE 500',
      );
    });

    it("takes its percent off its category's lines only, and names the lines it priced", () => {
      const pricing = priceCart(cart, withRules({ category: 'ANIME' }), { today: '2026-12-01' });
      expect(pricing.discountFromPromoCode).toBe(4200);
      expect(pricing.lines.map((l) => l.priceRules.some((r) => r.rule === 'PROMO_CODE'))).toEqual([false, true]);
      expect(pricing.total).toBe(72000 - 4200 + pricing.shippingCost + pricing.codFee);
    });

    it('is dropped when no line is of its category', () => {
      const pricing = priceCart(cartWith([salah2], { promoCode: 'WELCOME10' }), withRules({ category: 'ANIME' }));
      expect(pricing.promoDropped).toMatchObject({ reason: 'PROMO_CODE_CATEGORY', message: 'This code is only for Anime posters' });
    });

    it('promoRuleRefusal says the same as the pricing drops', () => {
      expect(promoRuleRefusal(cart, withRules({ minimumSubtotal: 100000 }), '2026-12-01')?.code).toBe('PROMO_CODE_MINIMUM_SUBTOTAL');
      expect(promoRuleRefusal(cart, withRules({ minimumSubtotal: 100 }), '2026-12-01')).toBeNull();
    });
  });

  it('ships free from a subtotal of 1,499 EGP, at catalogue price', () => {
    const at = priceCart(cartWith([{ ...custom1, quantity: 1 }]), catalogue({ customPrices: { SIZE_40x50: 149900 } }), { governorate: 'ASWAN' });
    expect(at.shipping.kind).toBe('free');
    expect(at.shippingCost).toBe(0);
    expect(at.amountToFreeShipping).toBe(0);
    const below = priceCart(cartWith([custom1]), catalogue({ customPrices: { SIZE_40x50: 149899 } }), { governorate: 'ASWAN' });
    expect(below.shippingCost).toBe(12000);
    expect(below.amountToFreeShipping).toBe(1);
  });

  it('a category discount does not take free shipping away', () => {
    const pricing = priceCart(
      cartWith([custom1]),
      catalogue({ customPrices: { SIZE_40x50: 150000 }, discounts: [{ discountId: 1, category: null, percentage: 50, active: true }] }),
      { governorate: 'ASWAN' },
    );
    expect(pricing.shippingCost).toBe(0);
  });

  it('leaves shipping at 0, marked unknown, until a governorate is chosen', () => {
    for (const governorate of [undefined, null, '', 'Narnia']) {
      const pricing = priceCart(cartWith([salah2]), catalogue(), { governorate });
      expect(pricing.shipping).toEqual({ kind: 'unknown', cost: 0 });
      expect(pricing.governorate).toBeNull();
      expect(pricing.total).toBe(30000 + 2000);
    }
  });

  it('prices an empty cart at zero, without COD fee', () => {
    const pricing = priceCart(cartWith([]), catalogue(), { governorate: 'CAIRO' });
    expect(pricing).toMatchObject({ subtotal: 0, shippingCost: 0, codFee: 0, total: 0, taxAmount: 0, itemCount: 0 });
  });

  it('falls back to the default custom price for a size without one', () => {
    const pricing = priceCart(cartWith([custom1]), catalogue({ customPrices: {} }));
    expect(pricing.lines[0]).toMatchObject({ name: 'Custom Poster', originalUnitPrice: DEFAULT_CUSTOM_PRICES.SIZE_40x50, customImagePath: 'custom/c1.jpg' });
  });

  it('counts posters and custom posters, not add-ons, for the minimum order', () => {
    expect(priceCart(cartWith([salah2, custom1, { ...frame1, quantity: 5 }]), catalogue()).posterCount).toBe(3);
  });

  describe('lines the catalogue no longer offers', () => {
    it.each([
      ['hidden poster', catalogue({ posters: { salah: { ...salahPoster, visible: false } } }), 'POSTER_UNAVAILABLE', 'Poster information is not available'],
      ['deleted poster', catalogue({ posters: { salah: { ...salahPoster, deleted: true } } }), 'POSTER_UNAVAILABLE', 'Poster information is not available'],
      ['unknown poster', catalogue({ posters: {} }), 'POSTER_UNAVAILABLE', 'Poster information is not available'],
      [
        'removed variant',
        catalogue({ posters: { salah: { ...salahPoster, variants: salahPoster.variants.slice(1) } } }),
        'SIZE_UNAVAILABLE',
        'The selected size is no longer available',
      ],
    ])('flags a line of a %s and leaves it out of the totals', (_label, cat, reason, message) => {
      const pricing = priceCart(cartWith([salah2, custom1]), cat, { governorate: 'CAIRO' });
      expect(pricing.lines[0]).toMatchObject({ available: false, unavailable: { reason, message } });
      expect(pricing.hasUnavailableLines).toBe(true);
      expect(pricing.subtotal).toBe(30000);
      expect(pricing.posterCount).toBe(1);
      expect(pricing.itemCount).toBe(3);
    });

    it('flags a deleted add-on', () => {
      const pricing = priceCart(cartWith([frame1]), catalogue({ products: { frame: { name: 'Black frame', price: 9900, imageUrl: null, deleted: true } } }));
      expect(pricing.lines[0].unavailable?.reason).toBe('ADDON_UNAVAILABLE');
      expect(pricing.subtotal).toBe(0);
      expect(pricing.codFee).toBe(0);
    });
  });
});

describe('a category discount with a window of shop days', () => {
  const december = { discountId: 1, category: 'FOOTBALL', percentage: 20, active: true, startsOn: '2026-12-01', endsOn: '2026-12-07' };
  const priced = (today: string | undefined) => priceCart(cartWith([salah2]), catalogue({ discounts: [december] }), { governorate: 'CAIRO', today });

  it.each([
    ['2026-11-30', 0],
    ['2026-12-01', 6000],
    ['2026-12-07', 6000],
    ['2026-12-08', 0],
  ])('priced on %s takes %i off (both ends inclusive)', (today, off) => {
    expect(priced(today).discountFromPromotions).toBe(off);
    expect(priced(today).lines[0].discountPercentage).toBe(off === 0 ? 0 : 20);
  });

  it('a shop-wide discount outside its window leaves the line to the next best in force', () => {
    const always = { discountId: 2, category: null, percentage: 5, active: true };
    const cat = catalogue({ discounts: [december, always] });
    expect(priceCart(cartWith([salah2]), cat, { today: '2026-12-02' }).lines[0].discountPercentage).toBe(20);
    expect(priceCart(cartWith([salah2]), cat, { today: '2026-12-09' }).lines[0].discountPercentage).toBe(5);
  });

  it('a promo code minimum counts catalogue prices, whichever discounts are in force', () => {
    const promo = { code: 'MIN', percentOff: 10, active: true, deleted: false, rules: { ...NO_PROMO_RULES, minimumSubtotal: 30000 } };
    const cart = cartWith([salah2], { promoCode: 'MIN' });
    expect(promoRuleRefusal(cart, catalogue({ discounts: [december], promo }), '2026-12-03')).toBeNull();
    expect(priceCart(cart, catalogue({ discounts: [december], promo }), { today: '2026-12-03' }).discountFromPromoCode).toBe(2400); // 10% of 240.00
  });
});

describe('a cart whose promo code is used up', () => {
  it('is priced without it, saying why', () => {
    const promo = { code: 'LAST', percentOff: 10, active: true, deleted: false, rules: { ...NO_PROMO_RULES, usageLimit: 1 }, usedUp: true };
    const pricing = priceCart(cartWith([salah2], { promoCode: 'LAST' }), catalogue({ promo }));
    expect(pricing).toMatchObject({ promoCode: null, discountFromPromoCode: 0, promoDropped: { code: 'LAST', reason: 'PROMO_CODE_USED_UP', message: 'This code has been used up' } });
  });
});

