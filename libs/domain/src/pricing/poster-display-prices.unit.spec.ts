import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { DiscountSnapshot } from './catalogue-snapshot.js';
import { posterCardPrice, posterDisplayPrices } from './poster-display-prices.js';

const discount = (percentage: number, category: string | null = 'ANIME', active = true): DiscountSnapshot => ({ discountId: percentage, category, percentage, active });

describe('posterCardPrice: a card "from" its lowest price, without the sizes', () => {
  it.each([
    ['no discount', 25_000, [], { price: 25_000, originalPrice: 25_000, discountPercentage: 0 }],
    ["the category's discount", 25_000, [discount(20)], { price: 20_000, originalPrice: 25_000, discountPercentage: 20 }],
    ['a shop-wide discount', 25_000, [discount(10, null)], { price: 22_500, originalPrice: 25_000, discountPercentage: 10 }],
    ['the best of several', 25_000, [discount(10, null), discount(30), discount(50, 'CARS')], { price: 17_500, originalPrice: 25_000, discountPercentage: 30 }],
    ["another category's or an inactive one: none", 25_000, [discount(50, 'CARS'), discount(40, 'ANIME', false)], { price: 25_000, originalPrice: 25_000, discountPercentage: 0 }],
    ['a discount that rounds to nothing: none', 1, [discount(10)], { price: 1, originalPrice: 1, discountPercentage: 0 }],
    ['100%: shown at full price, as a size is', 25_000, [discount(100)], { price: 25_000, originalPrice: 25_000, discountPercentage: 0 }],
  ] as const)('%s', (_case, lowest, discounts, expected) => {
    expect(posterCardPrice('ANIME', lowest, discounts)).toEqual(expected);
  });

  it("is the cheapest size of posterDisplayPrices, whatever the sizes' prices and the discounts", () => {
    const prices = fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 });
    const discounts = fc.array(
      fc.record({ percentage: fc.integer({ min: 0, max: 100 }), category: fc.constantFrom('ANIME', 'CARS', null), active: fc.boolean() }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(prices, discounts, (sizes, ds) => {
        const rules = ds.map((d, i) => ({ ...d, discountId: i }));
        const shown = posterDisplayPrices('ANIME', sizes.map((price) => ({ price })), rules).variants;
        const pays = (v: (typeof shown)[number]) => (v.hasDiscount ? v.discountedPrice : v.price);
        const cheapest = Math.min(...shown.map(pays));
        const card = posterCardPrice('ANIME', Math.min(...sizes), rules);
        expect(card.price).toBe(cheapest);
        // One of the cheapest sizes, as that size shows (sizes can tie on price only a piastre apart).
        expect(shown.some((v) => pays(v) === card.price && v.price === card.originalPrice && v.discountPercentage === card.discountPercentage)).toBe(true);
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });
});
