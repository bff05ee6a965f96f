import { ApiProperty } from '@nestjs/swagger';

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
