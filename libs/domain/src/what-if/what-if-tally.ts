/**
 * Sums a what-if over the orders of a period: each order's recorded totals (before) beside its
 * replay with the draft (after), as the money figures (money/figures.ts) of each order as it
 * stands now: an order that was not shipped, or was refused, is in no sales figure before or
 * after. Integer piastres; averages half-up.
 */
import type { OrderTotals } from '../order/events.js';
import { addMoney, goodsAfterDiscounts, isSale, NO_MONEY, orderMoney, type MoneyFigures } from '../money/figures.js';
import type { CartPricing } from '../pricing/price-cart.js';
import { mulDivHalfUp, type Piastres } from '../shared/money.js';
import type { ShopRules } from '../shop-config.js';
import { DraftPromoUses } from './draft-promo-uses.js';
import type { PromotionDraft } from './promotion-draft.js';
import { type PlacedOrder, replayOrder } from './replay-order.js';

/** What became of an order by the time the what-if ran: its status, and what its returns, refunds and couriers took. */
export interface OrderOutcome {
  status: string;
  returned: Piastres;
  refunded: Piastres;
  courierFee: Piastres;
}

export interface WhatIfFigures {
  /** Orders placed in the period, all replayed. */
  orders: number;
  /** Orders any of whose totals the draft changes. */
  ordersAffected: number;
  /** Orders of the period that are sales (shipped or delivered): the averages are over them. */
  salesOrders: number;
  /** The money figures of the period's orders as recorded, and as the draft would have priced them. */
  moneyBefore: MoneyFigures;
  moneyAfter: MoneyFigures;
  /** What the draft gives on top: the discounts after − before. */
  discountGiven: Piastres;
  /** The average total of an order that is a sale (returns not taken off). */
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
  private sold = 0;
  private moneyBefore = NO_MONEY;
  private moneyAfter = NO_MONEY;
  private crossing = 0;
  private losing = 0;
  private notReproduced = 0;
  private readonly draftUses = new DraftPromoUses();

  /**
   * Replays the order twice: without the draft (it must reproduce the record) and with it. Orders
   * come in the order they were placed, so the draft code's limits count as checkout's would.
   * Its returns are a share of its goods after discounts: with the draft, the same share of the
   * goods as the draft prices them.
   */
  addOrder(order: PlacedOrder, outcome: OrderOutcome): void {
    const recorded = order.totals;
    const replayed = replayOrder(order, this.rules, this.draft, this.draftUses);
    if (this.draft.promoCode && replayed.promoCode === this.draft.promoCode.code) this.draftUses.record(order);
    const after = totalsOf(replayed);
    this.orders++;
    if (!sameTotals(recorded, totalsOf(replayOrder(order, this.rules)))) this.notReproduced++;
    if (!sameTotals(recorded, after)) this.affected++;
    const goods = goodsAfterDiscounts(recorded);
    const money = (t: Totals, returned: Piastres) =>
      orderMoney({ status: outcome.status, paymentMethod: order.paymentMethod, subtotal: t.subtotal, discounts: discountOf(t), total: t.total, returned, refunded: outcome.refunded, courierFee: outcome.courierFee });
    this.moneyBefore = addMoney(this.moneyBefore, money(recorded, outcome.returned));
    this.moneyAfter = addMoney(this.moneyAfter, money(after, goods === 0 ? 0 : mulDivHalfUp(outcome.returned, goodsAfterDiscounts(after), goods)));
    if (isSale(outcome.status)) this.sold++;
    if (recorded.shippingCost > 0 && after.shippingCost === 0) this.crossing++;
    if (recorded.shippingCost === 0 && after.shippingCost > 0) this.losing++;
  }

  figures(): WhatIfFigures {
    // A sold order's total: its net sales, what came back of it, and its delivery fees.
    const average = (m: MoneyFigures) => (this.sold === 0 ? 0 : mulDivHalfUp(m.netSales + m.returns + m.deliveryFees, 1, this.sold));
    return {
      orders: this.orders,
      ordersAffected: this.affected,
      salesOrders: this.sold,
      moneyBefore: this.moneyBefore,
      moneyAfter: this.moneyAfter,
      discountGiven: this.moneyAfter.discounts - this.moneyBefore.discounts,
      averageOrderValueBefore: average(this.moneyBefore),
      averageOrderValueAfter: average(this.moneyAfter),
      ordersCrossingFreeShipping: this.crossing,
      ordersLosingFreeShipping: this.losing,
      ordersNotReproduced: this.notReproduced,
    };
  }
}
