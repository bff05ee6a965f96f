import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { initialCartState, type CartState } from '#domain/cart/cart.decider.js';
import type { CheckoutRejectionReason } from '#domain/checkout/checkout-rejected.js';
import { priceCart } from '#domain/pricing/price-cart.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { shopDate } from '#domain/shared/shop-date.js';
import { isPosterSize, SHOP_TIME_ZONE } from '#domain/shop-config.js';
import type { FunnelCartLine } from '#read-models/funnel-cart.entity.js';
import type { AbandonedCartView, FunnelStagesView, FunnelView } from '../admin/funnel/funnel-response.js';
import { CatalogueLoader } from '../cart/catalogue-loader.service.js';

const ABANDONED_LISTED = 20;

const STAGES = `count(*)::int AS "cartsCreated", count(*) FILTER (WHERE lines_added > 0)::int AS "linesAdded",
  count(*) FILTER (WHERE checkout_attempted_at IS NOT NULL)::int AS "checkoutAttempted",
  count(*) FILTER (WHERE order_placed_at IS NOT NULL)::int AS "ordersPlaced"`;
/** Carts created in the period, by Cairo day ($1, $2 inclusive; $3 the zone). */
const IN_PERIOD = `(created_at AT TIME ZONE $3)::date BETWEEN $1::date AND $2::date`;

/**
 * The cart funnel (funnel_carts, kept by the cart-funnel projection): per day and governorate, the
 * carts created in the period and how far they went, checkout refusals by reason, and abandoned carts
 * (lines, no order, idle for idleHours) with their value priced as the cart would be priced today.
 */
@Injectable()
export class FunnelReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueLoader,
  ) {}

  /** from and to: Cairo days (YYYY-MM-DD), both included; a cart is abandoned after idleHours without activity. */
  async funnel(from: string, to: string, idleHours: number): Promise<FunnelView> {
    const p = [from, to, SHOP_TIME_ZONE];
    const abandonedWhere = `${IN_PERIOD} AND order_placed_at IS NULL AND jsonb_array_length(lines) > 0 AND last_activity_at <= now() - make_interval(hours => $4)`;
    // One snapshot for every figure, so the totals, the rows and the refusals add up while the projection writes.
    const [[totals], days, governorates, rejections, [{ n: abandonedCount }], abandonedRows] = await this.dataSource.transaction('REPEATABLE READ', (m) => {
      const q = <T>(sql: string, params: unknown[]) => m.query(sql, params) as Promise<T[]>;
      return Promise.all([
        q<FunnelStagesView>(`SELECT ${STAGES} FROM read.funnel_carts WHERE ${IN_PERIOD}`, p),
        q<FunnelStagesView & { day: string }>(
          `SELECT to_char((created_at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, ${STAGES} FROM read.funnel_carts WHERE ${IN_PERIOD} GROUP BY 1 ORDER BY 1`, p),
        q<FunnelStagesView & { governorate: string }>(
          `SELECT coalesce(governorate, 'UNKNOWN') AS governorate, ${STAGES} FROM read.funnel_carts WHERE ${IN_PERIOD} GROUP BY 1 ORDER BY 2 DESC, 1`, p),
        q<{ reason: CheckoutRejectionReason; count: number }>(
          `SELECT r->>'reason' AS reason, count(*)::int AS count FROM read.funnel_carts, jsonb_array_elements(rejections) r
            WHERE ((r->>'at')::timestamptz AT TIME ZONE $3)::date BETWEEN $1::date AND $2::date GROUP BY 1 ORDER BY 2 DESC, 1`, p),
        q<{ n: number }>(`SELECT count(*)::int AS n FROM read.funnel_carts WHERE ${abandonedWhere}`, [...p, idleHours]),
        q<{ last_activity_at: Date; lines: FunnelCartLine[]; promo_code: string | null }>(
          `SELECT last_activity_at, lines, promo_code FROM read.funnel_carts WHERE ${abandonedWhere} ORDER BY last_activity_at DESC LIMIT ${ABANDONED_LISTED}`,
          [...p, idleHours]),
      ]);
    });
    const abandoned = await Promise.all(abandonedRows.map((r) => this.abandonedCart(r)));
    return {
      from, to, totals, days, governorates, rejections, abandonedCount, abandoned,
      abandonedValue: abandoned.reduce((sum, c) => Math.round((sum + c.value) * 100) / 100, 0),
    };
  }


  /** Priced by the same code as the storefront's cart (priceCart), against today's catalogue. */
  private async abandonedCart(row: { last_activity_at: Date; lines: FunnelCartLine[]; promo_code: string | null }): Promise<AbandonedCartView> {
    const cart: CartState = {
      ...initialCartState,
      promoCode: row.promo_code,
      items: row.lines.map((l) => ({
        itemId: l.itemId, kind: l.kind as CartState['items'][number]['kind'], posterId: l.posterId, productId: l.productId, variantId: l.variantId,
        size: isPosterSize(l.size) ? l.size : null, quantity: l.quantity, customImagePath: null,
      })),
    };
    const pricing = priceCart(cart, await this.catalogue.forCart(cart), { today: shopDate(new Date()) });
    return {
      lastActivityAt: new Date(row.last_activity_at).toISOString(),
      lines: pricing.lines.map((l) => ({ name: l.name || l.kind, size: l.size, quantity: l.quantity })),
      value: piastresToEgp(pricing.total),
    };
  }
}
