import type { PosterView, VariantView } from '../../api/generated-public';
import type { Locale } from '../../app/ui-slice';
import { formatSize } from '../../lib/numbers';

const SIZE_LABELS: Record<string, string> = {
  SIZE_20x30: '20x30cm',
  SIZE_30x40: '30x40cm',
  SIZE_40x50: '40x50cm',
  SIZE_50x70: '50x70cm',
};
export const SIZE_ORDER = Object.keys(SIZE_LABELS);

/** 'SIZE_30x40' or '30x40' → '30x40cm', '٣٠×٤٠ سم' on Arabic pages (order sizes may come with or without the prefix). */
export function sizeLabel(size: string | null | undefined, locale: Locale = 'en'): string {
  if (!size) return '';
  const key = size.startsWith('SIZE_') ? size : `SIZE_${size}`;
  return key in SIZE_LABELS ? formatSize(key, locale) : size;
}

/** 'ANIME' → 'Anime'. */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return '';
  return category
    .toLowerCase()
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** What the shopper pays for a variant: the discounted price when it is a real discount. */
export function variantPrice(v: VariantView): { price: number; original: number; discounted: boolean; percent: number } {
  const d = v.discountedPrice;
  const discounted = d > 0 && d < v.price;
  return {
    price: discounted ? d : v.price,
    original: v.price,
    discounted,
    percent: discounted ? Math.round(((v.price - d) / v.price) * 100) : 0,
  };
}

export function sortedVariants(p: PosterView): VariantView[] {
  return [...p.variants].sort((a, b) => SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size));
}

/** The lowest price the poster sells for, and what it was before a discount. */
export function fromPrice(p: PosterView): { price: number; original: number; percent: number } | null {
  const prices = p.variants.map(variantPrice);
  if (!prices.length) return null;
  const cheapest = prices.reduce((a, b) => (b.price < a.price ? b : a));
  const best = Math.max(p.discountPercentage, ...prices.map((x) => x.percent));
  return { price: cheapest.price, original: cheapest.original, percent: best };
}
