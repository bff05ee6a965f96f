import { DEFAULT_SHOP_LANGUAGE, SHOP_LANGUAGES } from '#domain/shared/shop-language.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { CART_MESSAGES } from '#domain/cart/cart-errors.js';
import { CHECKOUT_MESSAGES } from '#domain/checkout/checkout-form.js';
import { DEFAULT_SHOP_RULES, GOVERNORATE_CODES, PAYMENT_METHODS } from '#domain/shop-config.js';
import { toInteger } from '../../common/strict-integer.js';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

const MAX_QTY = DEFAULT_SHOP_RULES.maxQuantityPerLine;
/** A `number | string` property has no single design type: without this the document says `object`. */
const NUMBER_OR_TEXT = [{ type: 'number' }, { type: 'string' }];

/**
 * POST /user/cart. The published client also sends posterName, price, originalPrice, finalPrice,
 * discountedPrice, imageUrl, hasDiscount, discountPercentage: accepted and ignored (whitelist),
 * since prices come from the catalogue only.
 */
export class AddToCartDto {
  @ApiPropertyOptional({ description: 'Poster id (a poster line)' })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(100)
  posterId?: string;

  @ApiPropertyOptional({ description: 'Variant id; the size is used when absent' })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(100)
  variantId?: string;

  @ApiPropertyOptional({ example: 'SIZE_30x40' })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(20)
  size?: string;

  @ApiPropertyOptional({ description: 'Add-on product id (an add-on line)' })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(100)
  productId?: string;

  @ApiPropertyOptional({ description: 'A custom image already uploaded by this shop (/uploads/custom/…)' })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(200)
  customImagePath?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_QTY, default: 1 })
  @IsOptional() @Transform(toInteger) @IsInt({ message: CART_MESSAGES.quantityTooLow }) @Min(1, { message: CART_MESSAGES.quantityTooLow }) @Max(MAX_QTY, { message: CART_MESSAGES.quantityTooHigh })
  quantity?: number;
}

export class UpdateCartItemDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_QTY })
  @IsOptional() @Transform(toInteger) @IsInt({ message: CART_MESSAGES.quantityTooLow }) @Min(1, { message: CART_MESSAGES.quantityTooLow }) @Max(MAX_QTY, { message: CART_MESSAGES.quantityTooHigh })
  quantity?: number;

  @ApiPropertyOptional({ example: 'SIZE_40x50' })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(20)
  size?: string;
}

export class PromoCodeQueryDto {
  @ApiProperty()
  @Transform(trim) @IsString({ message: CART_MESSAGES.promoRequired }) @MaxLength(50, { message: CART_MESSAGES.promoInvalid })
  code!: string;
}

export class PaymentMethodQueryDto {
  @ApiProperty({ enum: PAYMENT_METHODS })
  @Transform(upper) @IsIn(PAYMENT_METHODS, { message: CART_MESSAGES.invalidPaymentMethod })
  method!: string;
}

export class GovernorateQueryDto {
  @ApiPropertyOptional({ enum: GOVERNORATE_CODES })
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MaxLength(40)
  governorate?: string;
}

export class RequiredGovernorateQueryDto {
  @ApiProperty({ enum: GOVERNORATE_CODES })
  @Transform(trim) @IsString({ message: 'Governorate is required' }) @MaxLength(40)
  governorate!: string;
}

export class SizeQueryDto {
  @ApiProperty({ example: 'SIZE_30x40' })
  @Transform(trim) @IsString({ message: CART_MESSAGES.invalidSize }) @MaxLength(20)
  size!: string;
}

/**
 * POST /user/cart/checkout. Presence and format rules live in the domain (validateCheckoutForm,
 * the shop's messages, one place); here only the types and sane lengths. The client's promoCode,
 * promoDiscount, subtotal, total, shipping and codFee are accepted and ignored.
 */
export class CheckoutDto {
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(500) firstName?: string;
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(500) lastName?: string;
  @ApiPropertyOptional({ example: '01012345678' }) @IsOptional() @IsString() @MaxLength(500) phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) email?: string;
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(500) addressLine?: string;
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(500) building?: string;
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(500) apartment?: string;
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(500) city?: string;
  @ApiPropertyOptional({ enum: GOVERNORATE_CODES }) @IsOptional() @IsString() @MaxLength(500) governorate?: string;
  // Text is judged by the domain (plain decimal degrees, in range); anything else must be a finite number.
  @ApiPropertyOptional({ oneOf: NUMBER_OR_TEXT, default: 30.0444, description: "Decimal degrees, -90 to 90; absent, or the form's default pair: no pin (stored null)" })
  @IsOptional() @ValidateIf((_, v) => typeof v !== 'string') @IsNumber({ allowNaN: false, allowInfinity: false }, { message: CHECKOUT_MESSAGES.invalidLatitude })
  latitude?: number | string;
  @ApiPropertyOptional({ oneOf: NUMBER_OR_TEXT, default: 31.2357, description: "Decimal degrees, -180 to 180; absent, or the form's default pair: no pin (stored null)" })
  @IsOptional() @ValidateIf((_, v) => typeof v !== 'string') @IsNumber({ allowNaN: false, allowInfinity: false }, { message: CHECKOUT_MESSAGES.invalidLongitude })
  longitude?: number | string;
  @ApiPropertyOptional({ enum: PAYMENT_METHODS }) @IsOptional() @IsString() @MaxLength(500) paymentMethod?: string;
  @ApiPropertyOptional() @WithoutBidiControls() @IsOptional() @IsString() @MaxLength(2000) notes?: string;
  @ApiPropertyOptional({ enum: SHOP_LANGUAGES, default: DEFAULT_SHOP_LANGUAGE, description: 'The storefront language of the checkout: messages to the shopper are written in it' })
  @IsOptional() @IsString() @MaxLength(500) language?: string;
}

