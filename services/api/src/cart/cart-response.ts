import { ApiProperty } from '@nestjs/swagger';
import type { CartItemKind } from '#domain/shop-config.js';
import { PriceRuleView } from '../common/price-rule-view.js';
import { OrderTotalsFields } from '../common/order-totals-view.js';
import { GOVERNORATE_CODES, PAYMENT_METHODS, type Governorate, type PaymentMethod } from '#domain/shop-config.js';

// The cart's answers, money in EGP with 2 decimals. The older clients' names (id for itemId,
// name for posterName, shipping for shippingCost) are sent too, so those clients keep working.

const CART_ITEM_KINDS: readonly CartItemKind[] = ['poster', 'custom', 'addon'];

export class CartItemView {
  @ApiProperty() itemId!: string;
  @ApiProperty({ description: 'Same as itemId' }) id!: string;
  @ApiProperty({ enum: CART_ITEM_KINDS }) kind!: CartItemKind;
  @ApiProperty({ type: String, nullable: true }) posterId!: string | null;
  @ApiProperty({ type: String, nullable: true }) productId!: string | null;
  @ApiProperty({ type: String, nullable: true }) variantId!: string | null;
  @ApiProperty() posterName!: string;
  @ApiProperty({ description: 'Same as posterName' }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: "The poster's or add-on's Arabic name; null when it has none (the Arabic storefront then shows posterName)" })
  posterNameAr!: string | null;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ type: String, nullable: true }) imageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) customImagePath!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'SIZE_30x40' }) size!: string | null;
  @ApiProperty() quantity!: number;
  @ApiProperty({ description: 'Unit price paid (after the category discount)' }) price!: number;
  @ApiProperty() originalPrice!: number;
  @ApiProperty({ description: 'Same as price' }) finalPrice!: number;
  @ApiProperty() discountPercentage!: number;
  @ApiProperty({ description: 'price × quantity' }) subtotal!: number;
  @ApiProperty({ description: 'false when the catalogue no longer sells this line' }) available!: boolean;
  @ApiProperty({ type: String, nullable: true }) unavailableMessage!: string | null;
  @ApiProperty({ type: () => [PriceRuleView], description: 'Why this price: the rules that priced the line' }) priceRules!: PriceRuleView[];
}

/** The values a dropped code's reason names, for the storefront to say it in the shopper's language. */
export class PromoDroppedParamsView {
  @ApiProperty({ required: false, example: '2026-12-01', description: 'PROMO_CODE_NOT_STARTED: its first shop day' }) startsOn?: string;
  @ApiProperty({ required: false, example: '2026-12-07', description: 'PROMO_CODE_ENDED: its last shop day' }) endsOn?: string;
  @ApiProperty({ required: false, example: 500, description: 'PROMO_CODE_MINIMUM_SUBTOTAL: EGP' }) minimum?: number;
  @ApiProperty({ required: false, example: 'ANIME', description: 'PROMO_CODE_CATEGORY: the category it is for' }) category?: string;
}

/** The cart's code, no longer applied, and why (the refusal's stable code). */
export class PromoDroppedView {
  @ApiProperty({ example: 'WELCOME10' }) code!: string;
  @ApiProperty({
    example: 'PROMO_CODE_ENDED',
    description: 'PROMO_CODE_INVALID, PROMO_CODE_INACTIVE, PROMO_CODE_USED_UP, PROMO_CODE_NOT_STARTED, PROMO_CODE_ENDED, PROMO_CODE_MINIMUM_SUBTOTAL or PROMO_CODE_CATEGORY',
  })
  reason!: string;
  @ApiProperty({ example: 'This code ended on 7 December' }) message!: string;
  @ApiProperty({ type: () => PromoDroppedParamsView }) params!: PromoDroppedParamsView;
}

export class CartView extends OrderTotalsFields {
  @ApiProperty() cartId!: string;
  @ApiProperty({ type: () => [CartItemView] }) items!: CartItemView[];
  @ApiProperty() itemCount!: number;
  @ApiProperty({ description: 'Available poster and custom lines (the minimum-order rule counts these)' }) posterCount!: number;
  @ApiProperty({ description: 'Percent' }) promoDiscount!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why an applied promo code was dropped' }) promoMessage!: string | null;
  @ApiProperty({ type: () => PromoDroppedView, nullable: true, description: "The cart's promo code when it no longer applies, and why; null otherwise" }) promoDropped!: PromoDroppedView | null;
  @ApiProperty({ enum: GOVERNORATE_CODES, nullable: true }) governorate!: Governorate | null;
  @ApiProperty({ description: 'Same as shippingCost' }) shipping!: number;
  @ApiProperty() freeShipping!: boolean;
  @ApiProperty() amountToFreeShipping!: number;
  @ApiProperty() freeShippingThreshold!: number;
  @ApiProperty({ enum: PAYMENT_METHODS }) paymentMethod!: PaymentMethod;
  @ApiProperty({ description: 'Percent, included in prices' }) taxRate!: number;
  @ApiProperty() originalTotal!: number;
  @ApiProperty() checkedOut!: boolean;
  @ApiProperty({ type: () => [PriceRuleView], description: 'The cart-wide rules (free shipping)' }) priceRules!: PriceRuleView[];
}

/** Every cart answer: the id (also in the X-Cart-Id header) and the priced cart. */
export class CartAnswer {
  @ApiProperty() cartId!: string;
  @ApiProperty({ type: () => CartView }) cart!: CartView;
}

export class PromoAppliedAnswer extends CartAnswer {
  @ApiProperty({ type: String, nullable: true }) promoCode!: string | null;
  @ApiProperty({ example: 'Promo code FOLLOW10 applied successfully!' }) message!: string;
}

export class PromoRemovedAnswer extends CartAnswer {
  @ApiProperty({ example: 'Promo code removed successfully!' }) message!: string;
}

export class CartPromoView {
  @ApiProperty() cartId!: string;
  @ApiProperty({ type: String, nullable: true }) promoCode!: string | null;
  @ApiProperty({ description: 'Percent' }) promoDiscount!: number;
}

/** How the shopper's photo will print at the size ordered (its real pixels): sharp from 150 ppi, soft (accepted, with a warning) from 72. */
export class PrintResolutionView {
  @ApiProperty({ enum: ['sharp', 'soft'], description: 'refused photos are answered 400 PHOTO_TOO_SMALL_TO_PRINT' }) verdict!: 'sharp' | 'soft' | 'refused';
  @ApiProperty({ example: 95, description: 'Pixels per inch at the size ordered' }) ppi!: number;
  @ApiProperty({ example: 1500 }) width!: number;
  @ApiProperty({ example: 2000 }) height!: number;
  @ApiProperty({ example: 40, description: "The poster's centimetres, in the photo's orientation" }) widthCm!: number;
  @ApiProperty({ example: 50 }) heightCm!: number;
  @ApiProperty({ example: 2362, description: 'Pixels a sharp print (150 ppi) needs' }) sharpWidth!: number;
  @ApiProperty({ example: 2953 }) sharpHeight!: number;
  @ApiProperty({ example: 1134, description: 'Least pixels accepted (72 ppi)' }) minimumWidth!: number;
  @ApiProperty({ example: 1417 }) minimumHeight!: number;
}

export class CustomPosterAnswer extends CartAnswer {
  @ApiProperty() customImagePath!: string;
  @ApiProperty({ type: [String], description: 'Webp thumbnails (small, medium, large) once made' }) thumbnails!: string[];
  @ApiProperty({ type: () => PrintResolutionView }) print!: PrintResolutionView;
  @ApiProperty() message!: string;
}

export class CheckoutAnswerView {
  @ApiProperty({ example: 'PS-7KQ4-M2XD' }) orderNumber!: string;
  @ApiProperty() orderId!: string;
  @ApiProperty() cartId!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'EGP' }) total!: number | null;
  @ApiProperty({ type: () => OrderTotalsFields, nullable: true, description: 'The breakdown the order recorded (EGP); null with total' }) totals!: OrderTotalsFields | null;
  @ApiProperty({ type: String, nullable: true, description: "Set when the cart's promo code was dropped" }) promoMessage!: string | null;
}
