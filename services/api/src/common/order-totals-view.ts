import { ApiProperty } from '@nestjs/swagger';
import type { OrderTotals } from '#domain/order/events.js';
import { piastresToEgp } from '#domain/shared/money.js';

/** The priced totals of a cart and of the order it became, in EGP: one breakdown, read the same on both. */
export class OrderTotalsFields {
  @ApiProperty() subtotal!: number;
  @ApiProperty() discountFromPromotions!: number;
  @ApiProperty({ type: String, nullable: true }) promoCode!: string | null;
  @ApiProperty() discountFromPromoCode!: number;
  @ApiProperty() shippingCost!: number;
  @ApiProperty() codFee!: number;
  @ApiProperty() taxAmount!: number;
  @ApiProperty() total!: number;
}

/** An order's recorded totals (piastres) as the breakdown's fields (EGP). */
export function orderTotalsFields(totals: OrderTotals, promoCode: string | null): OrderTotalsFields {
  return {
    subtotal: piastresToEgp(totals.subtotal),
    discountFromPromotions: piastresToEgp(totals.discountFromPromotions),
    promoCode,
    discountFromPromoCode: piastresToEgp(totals.discountFromPromoCode),
    shippingCost: piastresToEgp(totals.shippingCost),
    codFee: piastresToEgp(totals.codFee),
    taxAmount: piastresToEgp(totals.taxAmount),
    total: piastresToEgp(totals.total),
  };
}
