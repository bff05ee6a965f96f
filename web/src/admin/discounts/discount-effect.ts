import { categoryLabel } from '../../../../libs/domain/src/shop-config';

export interface DiscountDraft {
  /** null: every category. */
  category: string | null;
  percentage: number;
  active: boolean;
  /** Shop days ('YYYY-MM-DD', both inclusive), or null: open at that end. */
  startsOn: string | null;
  endsOn: string | null;
}

/**
 * What a new discount will do, in one sentence, for the confirmation a shop-wide one asks:
 * "10% off every poster in the shop, starting now". `today` is the shop day.
 */
export function discountEffect(d: DiscountDraft, today: string): string {
  const what = d.category === null ? 'every poster in the shop' : `every ${categoryLabel(d.category)} poster`;
  if (!d.active) return `${d.percentage}% off ${what}, once it is switched on`;
  const from = d.startsOn === null || d.startsOn <= today ? 'starting now' : `starting on ${d.startsOn}`;
  const until = d.endsOn === null ? ', with no end date' : `, until ${d.endsOn} (its last day)`;
  return `${d.percentage}% off ${what}, ${from}${until}`;
}
