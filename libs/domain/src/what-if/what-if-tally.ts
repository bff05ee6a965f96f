/**
 * Sums a what-if over the orders of a period: each order's recorded totals (before) beside its
 * replay with the draft (after). Integer piastres; averages half-up.
 */
import type { OrderTotals } from '../order/events.js';
import { goodsAfterDiscounts } from '../order/revenue.js';
import type { CartPricing } from '../pricing/price-cart.js';
import { mulDivHalfUp, type Piastres } from '../shared/money.js';
import type { ShopRules } from '../shop-config.js';
import { DraftPromoUses } from './draft-promo-uses.js';
import type { PromotionDraft } from './promotion-draft.js';
import { type PlacedOrder, replayOrder } from './replay-order.js';

export interface WhatIfFigures {
  /** Orders placed in the period, all replayed. */
  orders: number;
  /** Orders any of whose totals the draft changes. */
  ordersAffected: number;
  /** Category discounts plus promo-code discounts. */
  discountBefore: Piastres;
  discountAfter: Piastres;
  /** What the draft gives on top: discountAfter − discountBefore. */
  discountGiven: Piastres;
  /** Order totals, shipping and COD fee included (what the shoppers would pay). */
  revenueBefore: Piastres;
  revenueAfter: Piastres;
  /** Sales (order/revenue.ts): the goods after discounts, no shipping, no COD fee. */
  salesBefore: Piastres;
  salesAfter: Piastres;
  averageOrderValueBefore: Piastres;
  averageOrderValueAfter: Piastres;
  /** Paid shipping as recorded, free with the draft. */
  ordersCrossingFreeShipping: number;
  /** Shipped free as recorded, paying with the draft (a higher threshold). */
  ordersLosingFreeShipping: number;
  /**
   * Orders whose replay without the draft differs from what they recorded: 0 unless pricing
   * changed since they were placed. Their "after" carries that change too.
   */
  ordersNotReproduced: number;
}

type Totals = Pick<OrderTotals, 'discountFromPromotions' | 'discountFromPromoCode' | 'shippingCost' | 'codFee' | 'total' | 'subtotal' | 'taxAmount'>;

const discountOf = (t: Totals) => t.discountFromPromotions + t.discountFromPromoCode;

/** The totals an order records, taken from a pricing (what checkout stores in OrderPlaced). */
export function totalsOf(p: CartPricing): Totals {
  return {
    subtotal: p.subtotal,
    discountFromPromotions: p.discountFromPromotions,
    discountFromPromoCode: p.discountFromPromoCode,
    shippingCost: p.shippingCost,
    codFee: p.codFee,
    taxAmount: p.taxAmount,
    total: p.total,
  };
}

export function sameTotals(a: Totals, b: Totals): boolean {
  return (
    a.subtotal === b.subtotal &&
    a.discountFromPromotions === b.discountFromPromotions &&
    a.discountFromPromoCode === b.discountFromPromoCode &&
    a.shippingCost === b.shippingCost &&
    a.codFee === b.codFee &&
    a.taxAmount === b.taxAmount &&
    a.total === b.total
  );
}

export class WhatIfTally {
  constructor(
    /** The shop's rules now; each order keeps the COD fee and shipping it recorded (rulesAsRecorded). */
    private readonly rules: ShopRules,
    private readonly draft: PromotionDraft,
  ) {}

  private orders = 0;
  private affected = 0;
  private discountBefore = 0;
  private discountAfter = 0;
  private revenueBefore = 0;
  private revenueAfter = 0;
  private salesBefore = 0;
  private salesAfter = 0;
  private crossing = 0;
  private losing = 0;
  private notReproduced = 0;
  private readonly draftUses = new DraftPromoUses();

  /**
   * Replays the order twice: without the draft (it must reproduce the record) and with it. Orders
   * come in the order they were placed, so the draft code's limits count as checkout's would.
   */
  addOrder(order: PlacedOrder): void {
    const recorded = order.totals;
    const replayed = replayOrder(order, this.rules, this.draft, this.draftUses);
    if (this.draft.promoCode && replayed.promoCode === this.draft.promoCode.code) this.draftUses.record(order);
    const after = totalsOf(replayed);
    this.orders++;
    if (!sameTotals(recorded, totalsOf(replayOrder(order, this.rules)))) this.notReproduced++;
    if (!sameTotals(recorded, after)) this.affected++;
    this.discountBefore += discountOf(recorded);
    this.discountAfter += discountOf(after);
    this.revenueBefore += recorded.total;
    this.revenueAfter += after.total;
    this.salesBefore += goodsAfterDiscounts(recorded);
    this.salesAfter += goodsAfterDiscounts(after);
    if (recorded.shippingCost > 0 && after.shippingCost === 0) this.crossing++;
    if (recorded.shippingCost === 0 && after.shippingCost > 0) this.losing++;
  }

  figures(): WhatIfFigures {
    const average = (sum: Piastres) => (this.orders === 0 ? 0 : mulDivHalfUp(sum, 1, this.orders));
    return {
      orders: this.orders,
      ordersAffected: this.affected,
      discountBefore: this.discountBefore,
      discountAfter: this.discountAfter,
      discountGiven: this.discountAfter - this.discountBefore,
      revenueBefore: this.revenueBefore,
      revenueAfter: this.revenueAfter,
      salesBefore: this.salesBefore,
      salesAfter: this.salesAfter,
      averageOrderValueBefore: average(this.revenueBefore),
      averageOrderValueAfter: average(this.revenueAfter),
      ordersCrossingFreeShipping: this.crossing,
      ordersLosingFreeShipping: this.losing,
      ordersNotReproduced: this.notReproduced,
    };
  }
}
