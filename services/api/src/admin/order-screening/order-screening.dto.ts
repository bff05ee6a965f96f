import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PHONE_BLOCK_REASONS } from '#domain/order-screening/phone-block-reasons.js';
import { MAX_DUPLICATE_WINDOW_MINUTES, MAX_MANY_ORDERS_PER_HOUR, MAX_REVIEW_AFTER_REFUSALS } from '#domain/order-screening/screening-settings.js';
import { MAX_PRICE } from '#domain/shared/money.js';

const REFUSALS = `reviewAfterRefusals: enter a whole number of refusals from 0 to ${MAX_REVIEW_AFTER_REFUSALS} (0: never)`;
const WINDOW = `duplicateWindowMinutes: enter a whole number of minutes from 0 to ${MAX_DUPLICATE_WINDOW_MINUTES} (0: never)`;
const LARGE = `largeFirstOrderMinimum: enter an amount in EGP from 0 to ${MAX_PRICE / 100} (0: never)`;
const MANY = `manyOrdersPerHour: enter a whole number of orders from 0 to ${MAX_MANY_ORDERS_PER_HOUR} (0: never)`;
const PHONE = 'phone: enter an Egyptian mobile number (01XXXXXXXXX)';
const REASON = `reason: choose one of ${PHONE_BLOCK_REASONS.join(', ')}`;

/** The owner's thresholds; a field left out keeps its value. */
export class OrderScreeningSettingsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_REVIEW_AFTER_REFUSALS, description: 'Refused parcels after which a phone needs review; 0: never' })
  @IsOptional() @IsInt({ message: REFUSALS }) @Min(0, { message: REFUSALS }) @Max(MAX_REVIEW_AFTER_REFUSALS, { message: REFUSALS })
  reviewAfterRefusals?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_DUPLICATE_WINDOW_MINUTES, description: 'Minutes within which the same lines again are a likely duplicate; 0: never' })
  @IsOptional() @IsInt({ message: WINDOW }) @Min(0, { message: WINDOW }) @Max(MAX_DUPLICATE_WINDOW_MINUTES, { message: WINDOW })
  duplicateWindowMinutes?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_PRICE / 100, description: 'EGP: a first order from this total on is confirmed before printing; 0: never' })
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: LARGE }) @Min(0, { message: LARGE }) @Max(MAX_PRICE / 100, { message: LARGE })
  largeFirstOrderMinimum?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_MANY_ORDERS_PER_HOUR, description: 'A person\'s orders beyond this many within an hour are flagged, never refused; 0: never' })
  @IsOptional() @IsInt({ message: MANY }) @Min(0, { message: MANY }) @Max(MAX_MANY_ORDERS_PER_HOUR, { message: MANY })
  manyOrdersPerHour?: number;
}

export class BlockPhoneDto {
  @ApiProperty({ example: '01012345678', description: 'An Egyptian mobile number, as typed' })
  @IsString({ message: PHONE }) @MaxLength(64, { message: PHONE })
  phone!: string;
  @ApiProperty({ enum: PHONE_BLOCK_REASONS })
  @IsIn(PHONE_BLOCK_REASONS, { message: REASON })
  reason!: string;
}
