import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_PRICE } from '#domain/shared/money.js';
import { INVALID_PROMO_CODE_MESSAGE } from '#domain/what-if/promotion-draft.js';
import { IsEgpAmount, numericStringToNumber } from '../shared/is-egp-amount.js';

const PERCENT = 'Percentages are whole numbers between 1 and 100';
const DATE = 'from and to are dates (ISO 8601)';
const blank = (v: unknown) => v !== null && v !== '';
const MINIMUM = `promoMinimumSubtotal: enter an amount in EGP from 0 to ${MAX_PRICE / 100}`;

/**
 * A draft promotion to try on past orders, as the Discounts and Promo Codes pages send it. Every
 * part is optional (none: the orders replay as recorded); ranges are checked by the domain
 * (parsePromotionDraft, parseReplayPeriod), which names what is wrong.
 */
export class RequestWhatIfDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ANIME', description: 'Category of the draft discount; empty or null: all categories' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: 'Please select a valid category' }) @MaxLength(40, { message: 'Please select a valid category' })
  discountCategory?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 20 })
  @IsOptional() @ValidateIf((_o, v) => blank(v)) @Transform(numericStringToNumber) @IsNumber({}, { message: PERCENT })
  discountPercent?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'FOLLOW10', description: 'Applied to every order of the period, unless its own code took more off' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: INVALID_PROMO_CODE_MESSAGE }) @MaxLength(60, { message: INVALID_PROMO_CODE_MESSAGE })
  promoCode?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 10 })
  @IsOptional() @ValidateIf((_o, v) => blank(v)) @Transform(numericStringToNumber) @IsNumber({}, { message: PERCENT })
  promoPercent?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 999, description: 'EGP' })
  @IsOptional() @ValidateIf((_o, v) => blank(v)) @Transform(numericStringToNumber) @IsEgpAmount({ message: 'The free-shipping threshold must be an amount in EGP' })
  freeShippingThreshold?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 15, description: 'EGP' })
  @IsOptional() @ValidateIf((_o, v) => blank(v)) @Transform(numericStringToNumber) @IsEgpAmount({ message: 'The COD fee must be an amount in EGP' })
  codFee?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-01', description: "The draft discount's first shop day (Cairo), inclusive; empty: open" })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: 'discountStartsOn: Enter the start as a date (YYYY-MM-DD)' }) @MaxLength(40, { message: 'discountStartsOn: Enter the start as a date (YYYY-MM-DD)' })
  discountStartsOn?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-07', description: "The draft discount's last shop day (Cairo), inclusive; empty: open" })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: 'discountEndsOn: Enter the end as a date (YYYY-MM-DD)' }) @MaxLength(40, { message: 'discountEndsOn: Enter the end as a date (YYYY-MM-DD)' })
  discountEndsOn?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-01', description: "The draft code's first shop day, inclusive; empty: no rule" })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: 'promoStartsOn: Enter the start as a date (YYYY-MM-DD)' }) @MaxLength(40, { message: 'promoStartsOn: Enter the start as a date (YYYY-MM-DD)' })
  promoStartsOn?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-07', description: "The draft code's last shop day, inclusive; empty: no rule" })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: 'promoEndsOn: Enter the end as a date (YYYY-MM-DD)' }) @MaxLength(40, { message: 'promoEndsOn: Enter the end as a date (YYYY-MM-DD)' })
  promoEndsOn?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 300, description: 'EGP: the subtotal the draft code needs' })
  @IsOptional() @ValidateIf((_o, v) => blank(v)) @Transform(numericStringToNumber) @IsEgpAmount({ message: MINIMUM })
  @Min(0, { message: MINIMUM }) @Max(MAX_PRICE / 100, { message: MINIMUM })
  promoMinimumSubtotal?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'ANIME', description: 'The only category the draft code takes money off; empty: every line' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: 'promoCategory: Please select a valid category' }) @MaxLength(40, { message: 'promoCategory: Please select a valid category' })
  promoCategory?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 100, description: "Uses in all, counted over the period's orders in the order they were placed; empty: no limit" })
  @IsOptional() @ValidateIf((_o, v) => blank(v)) @Transform(numericStringToNumber) @IsNumber({}, { message: 'promoUsageLimit: Enter a whole number of uses' })
  promoUsageLimit?: number | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsBoolean({ message: 'promoOncePerCustomer: Once per customer must be true or false' })
  promoOncePerCustomer?: boolean | null;

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders placed from this instant (default: 30 days before to)' })
  @IsOptional() @IsString({ message: DATE }) @MaxLength(40, { message: DATE })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders placed before this instant (default: now)' })
  @IsOptional() @IsString({ message: DATE }) @MaxLength(40, { message: DATE })
  to?: string;
}
