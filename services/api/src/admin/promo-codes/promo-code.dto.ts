import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_USAGE_LIMIT } from '#domain/promotion/promo-rules.js';
import { MAX_PRICE } from '#domain/shared/money.js';

const INVALID = 'Please enter a valid code and discount percentage (1-100)';
const DATE = (field: string) => `${field}: enter a date as YYYY-MM-DD, or null for none`;
const LIMIT = `usageLimit: enter a whole number of uses from 1 to ${MAX_USAGE_LIMIT}, or null for no limit`;
const MINIMUM = `minimumSubtotal: enter an amount in EGP from 0 to ${MAX_PRICE / 100}`;
const CATEGORY = 'category: please select a valid category, or null for every category';
const ONCE = 'oncePerCustomer: must be true or false';

/**
 * The rules a form sends; a field left out keeps its value (on create: no rule). The decider
 * checks what a type cannot (real dates, the end not before the start, a known category).
 */
export class PromoRulesDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-01', description: 'First shop day (Africa/Cairo) it works' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: DATE('startsOn') }) @MaxLength(10, { message: DATE('startsOn') })
  startsOn?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-07', description: 'Last shop day (Africa/Cairo) it works' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: DATE('endsOn') }) @MaxLength(10, { message: DATE('endsOn') })
  endsOn?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: MAX_USAGE_LIMIT, description: 'Uses in all; null: no limit' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsInt({ message: LIMIT }) @Min(1, { message: LIMIT }) @Max(MAX_USAGE_LIMIT, { message: LIMIT })
  usageLimit?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: ONCE }) oncePerCustomer?: boolean;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: MAX_PRICE / 100, description: 'EGP; 0 or null: none' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: MINIMUM })
  @Min(0, { message: MINIMUM }) @Max(MAX_PRICE / 100, { message: MINIMUM })
  minimumSubtotal?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ANIME', description: 'The only category it applies to; null: every line' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: CATEGORY }) @MaxLength(40, { message: CATEGORY })
  category?: string | null;
}

export class CreatePromoCodeDto extends PromoRulesDto {
  @ApiProperty({ example: 'WELCOME10' }) @IsString({ message: INVALID }) @MaxLength(40, { message: INVALID }) code!: string;
  @ApiProperty({ example: 10 }) @IsInt({ message: INVALID }) @Min(1, { message: INVALID }) @Max(100, { message: INVALID }) percentOff!: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
}

export class UpdatePromoCodeDto extends PromoRulesDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt({ message: INVALID }) @Min(1, { message: INVALID }) @Max(100, { message: INVALID }) percentOff?: number;
}
