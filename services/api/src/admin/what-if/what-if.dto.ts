import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNumber, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { INVALID_PROMO_CODE_MESSAGE } from '#domain/what-if/promotion-draft.js';
import { IsEgpAmount, numericStringToNumber } from '../shared/is-egp-amount.js';

const PERCENT = 'Percentages are whole numbers between 1 and 100';
const DATE = 'from and to are dates (ISO 8601)';
const blank = (v: unknown) => v !== null && v !== '';

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

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders placed from this instant (default: 30 days before to)' })
  @IsOptional() @IsString({ message: DATE }) @MaxLength(40, { message: DATE })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders placed before this instant (default: now)' })
  @IsOptional() @IsString({ message: DATE }) @MaxLength(40, { message: DATE })
  to?: string;
}
