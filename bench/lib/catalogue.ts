/**
 * The catalogue both sides of bench:api are seeded with: 60 posters of 3 sizes each (180 variants),
 * prices in whole EGP. Ours gets it through its admin API, Vendure through its Admin API, so both
 * list and sell the same products at the same prices.
 */
export const CATEGORIES = ['FOOTBALL', 'CARS', 'MOVIES', 'ANIME', 'ART', 'NATURE', 'QUOTES', 'OTHER'] as const;

export interface CataloguePoster {
  name: string;
  description: string;
  category: (typeof CATEGORIES)[number];
  imageUrl: string;
  variants: Array<{ size: 'SIZE_20x30' | 'SIZE_30x40' | 'SIZE_50x70'; priceEgp: number }>;
}

export const CATALOGUE: readonly CataloguePoster[] = Array.from({ length: 60 }, (_, i) => ({
  name: `Bench poster ${i}`,
  description: `A poster for the benchmark, number ${i}`,
  category: CATEGORIES[i % CATEGORIES.length],
  imageUrl: `https://example.com/p${i}.jpg`,
  variants: [
    { size: 'SIZE_20x30', priceEgp: 150 + i },
    { size: 'SIZE_30x40', priceEgp: 250 + i },
    { size: 'SIZE_50x70', priceEgp: 450 + i },
  ],
}));

/** The size every checkout of either side buys (two of them), and the listing's page size. */
export const CHECKOUT_SIZE = 'SIZE_30x40';
export const CHECKOUT_QUANTITY = 2;
export const LISTING_PAGE_SIZE = 20;
/** A word of every poster's description: a search for it matches all 60 on both sides, as a page of 20. */
export const SEARCH_TERM = 'benchmark';
