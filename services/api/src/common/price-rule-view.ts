import { ApiProperty } from '@nestjs/swagger';
import type { PriceRule, PriceRuleName } from '#domain/pricing/price-rules.js';
import { piastresToEgp } from '#domain/shared/money.js';

const PRICE_RULES: readonly PriceRuleName[] = ['BASE_PRICE', 'CATEGORY_DISCOUNT', 'PROMO_CODE', 'FREE_SHIPPING'];

/** One rule that priced a cart or order line ("why this price"), money in EGP; fields not of the rule are null. */
export class PriceRuleView {
  @ApiProperty({ enum: PRICE_RULES }) rule!: PriceRuleName;
  @ApiProperty({ type: Number, nullable: true, description: 'BASE_PRICE: the catalogue price of one unit' }) unitPrice!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'CATEGORY_DISCOUNT, PROMO_CODE' }) percent!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'CATEGORY_DISCOUNT: its category; null for a shop-wide discount' }) category!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'PROMO_CODE' }) code!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'FREE_SHIPPING: from this subtotal' }) threshold!: number | null;
}

export function priceRuleViews(rules: readonly PriceRule[]): PriceRuleView[] {
  return rules.map((r) => ({
    rule: r.rule,
    unitPrice: r.rule === 'BASE_PRICE' ? piastresToEgp(r.unitPrice) : null,
    percent: r.rule === 'CATEGORY_DISCOUNT' || r.rule === 'PROMO_CODE' ? r.percent : null,
    category: r.rule === 'CATEGORY_DISCOUNT' ? r.category : null,
    code: r.rule === 'PROMO_CODE' ? r.code : null,
    threshold: r.rule === 'FREE_SHIPPING' ? piastresToEgp(r.threshold) : null,
  }));
}
