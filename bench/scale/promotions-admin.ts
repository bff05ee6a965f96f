/**
 * Sales and promo codes over two years: category discounts (or a shop-wide one) switched on for
 * a few days every few weeks, promo-code campaigns started, re-run, re-priced, ended and deleted.
 */
import type { DiscountCommand, PromoCodeCommand } from '#domain/promotion/commands.js';
import { discountsDecider, type DiscountsState } from '#domain/promotion/discounts.decider.js';
import type { DiscountEvent, PromoCodeEvent } from '#domain/promotion/events.js';
import { isLivePromo, promoCodeDecider, type PromoCodeState } from '#domain/promotion/promo-code.decider.js';
import { CATEGORIES, type Category } from '#domain/shop-config.js';
import { discountsStream, promoStream } from '#domain/streams.js';
import { ADMIN } from './catalogue-admin.js';
import { DAY, repeatRandomly, type Timeline } from './timeline.js';
import { Aggregate, type WriteSide } from './write-side.js';

export type PromoAggregate = Aggregate<PromoCodeCommand, PromoCodeEvent, PromoCodeState>;

const CAMPAIGNS = ['RAMADAN20', 'EID15', 'SUMMER15', 'BACK2SCHOOL', 'BLACKFRIDAY25', 'NEWYEAR20', 'VALENTINE14', 'FOOTBALL10', 'ANIME15', 'FLASH30',
  'CAIRO10', 'STUDENT12', 'MOTHERSDAY', 'WINTER10', 'SPRING15', 'LOYAL20', 'HAPPY11', 'WALLART', 'POSTER5', 'GIFT10'];
const PERCENTS = [5, 10, 12, 15, 20, 25, 30];

export class Promotions {
  readonly discounts = new Aggregate<DiscountCommand, DiscountEvent, DiscountsState>(discountsStream(), discountsDecider);
  private readonly promos = new Map<string, PromoAggregate>();

  constructor(
    private readonly w: WriteSide,
    private readonly timeline: Timeline,
    private readonly o: { start: number; end: number },
  ) {}

  open(): void {
    const { start } = this.o;
    this.promoCommand('WELCOME10', [{ type: 'CreatePromoCode', data: { code: 'WELCOME10', percentOff: 10, active: true } }], start + DAY / 2);
    repeatRandomly(this.timeline, this.w.random, start + 3 * DAY, 20 * DAY, (at) => this.runSale(at));
    repeatRandomly(this.timeline, this.w.random, start + 5 * DAY, 25 * DAY, (at) => this.runCampaign(at));
    // The welcome code is paused now and then (a pricing mistake, a stock problem) and comes back.
    repeatRandomly(this.timeline, this.w.random, start + 30 * DAY, 90 * DAY, (at) => {
      if (this.promoCommand('WELCOME10', [{ type: 'DeactivatePromoCode', data: { code: 'WELCOME10' } }], at)) {
        this.timeline.schedule(at + this.w.random.int(1, 10) * DAY, (later) => this.promoCommand('WELCOME10', [{ type: 'ActivatePromoCode', data: { code: 'WELCOME10' } }], later));
      }
    });
  }

  promo(code: string): PromoAggregate | undefined {
    return this.promos.get(code);
  }

  /** Codes a shopper can use right now (seen in an ad). */
  activeCodes(): string[] {
    return [...this.promos.values()].filter((p) => isLivePromo(p.state) && p.state.active).map((p) => p.state.code);
  }

  /** Any code the shop ever had, live or not: what a shopper remembers from an old ad. */
  knownCodes(): string[] {
    return [...this.promos.keys()];
  }

  private promoCommand(code: string, commands: readonly PromoCodeCommand[], at: number): boolean {
    let aggregate = this.promos.get(code);
    if (!aggregate) {
      aggregate = new Aggregate(promoStream(code), promoCodeDecider);
      this.promos.set(code, aggregate);
    }
    return this.w.execute(aggregate, commands, at, ADMIN);
  }

  private runSale(at: number): void {
    const r = this.w.random;
    const category: Category | null = r.chance(0.25) ? null : r.pick(CATEGORIES);
    const percentage = r.pick([10, 15, 20, 25, 30]);
    const existing = this.discounts.state.discounts.find((d) => d.category === category);
    let discountId: number;
    if (existing) {
      if (existing.active) return; // a sale on it is running already
      if (!this.w.execute(this.discounts, [{ type: 'ChangeDiscount', data: { discountId: existing.discountId, percentage, active: true } }], at, ADMIN)) return;
      discountId = existing.discountId;
    } else {
      if (!this.w.execute(this.discounts, [{ type: 'CreateDiscount', data: { category, percentage, active: true } }], at, ADMIN)) return;
      discountId = this.discounts.state.lastId;
    }
    this.timeline.schedule(at + r.int(3, 12) * DAY, (end) => {
      const command: DiscountCommand = r.chance(0.15)
        ? { type: 'DeleteDiscount', data: { discountId } }
        : { type: 'ChangeDiscount', data: { discountId, active: false } };
      this.w.execute(this.discounts, [command], end, ADMIN);
    });
  }

  private runCampaign(at: number): void {
    const r = this.w.random;
    const code = r.pick(CAMPAIGNS);
    const state = this.promos.get(code)?.state;
    const percentOff = r.pick(PERCENTS);
    if (state && isLivePromo(state) && state.active) return; // running already
    const started = state && isLivePromo(state)
      ? this.promoCommand(code, [{ type: 'ChangePromoCodePercent', data: { code, percentOff } }, { type: 'ActivatePromoCode', data: { code } }], at)
      : this.promoCommand(code, [{ type: 'CreatePromoCode', data: { code, percentOff, active: true } }], at);
    if (!started) return;
    this.timeline.schedule(at + r.int(3, 20) * DAY, (end) => {
      const command: PromoCodeCommand = r.chance(0.2) ? { type: 'DeletePromoCode', data: { code } } : { type: 'DeactivatePromoCode', data: { code } };
      this.promoCommand(code, [command], end);
    });
  }
}
