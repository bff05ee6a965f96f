import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { toInteger } from '../../common/strict-integer.js';
import { CHECKOUT_REJECTION_REASONS, type CheckoutRejectionReason } from '#domain/checkout/checkout-rejected.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class FunnelQueryDto {
  @ApiProperty({ required: false, example: '2026-11-01', description: 'First Cairo day (default: 29 days before `to`)' })
  @IsOptional() @Matches(DAY, { message: 'from must be a date (YYYY-MM-DD)' }) from?: string;
  @ApiProperty({ required: false, example: '2026-11-30', description: 'Last Cairo day, included (default: today)' })
  @IsOptional() @Matches(DAY, { message: 'to must be a date (YYYY-MM-DD)' }) to?: string;
  @ApiProperty({ required: false, description: 'A cart is abandoned after this many hours without activity (default 24)' })
  @IsOptional() @Transform(toInteger) @IsInt() @Min(0) @Max(24 * 365) idleHours?: number;
}

/** Carts created in a period and how far they went. */
export class FunnelStagesView {
  @ApiProperty() cartsCreated!: number;
  @ApiProperty() linesAdded!: number;
  @ApiProperty() checkoutAttempted!: number;
  @ApiProperty() ordersPlaced!: number;
}

export class FunnelDayView extends FunnelStagesView {
  @ApiProperty({ example: '2026-11-01' }) day!: string;
}

export class FunnelGovernorateView extends FunnelStagesView {
  @ApiProperty({ description: 'UNKNOWN: the cart never tried a checkout' }) governorate!: string;
}

export class FunnelRejectionView {
  @ApiProperty({ enum: CHECKOUT_REJECTION_REASONS }) reason!: CheckoutRejectionReason;
  @ApiProperty() count!: number;
}

export class AbandonedLineView {
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) size!: string | null;
  @ApiProperty() quantity!: number;
}

/** An abandoned cart: what it held and what it would cost today, never whose it was. */
export class AbandonedCartView {
  @ApiProperty() lastActivityAt!: string;
  @ApiProperty({ type: () => [AbandonedLineView] }) lines!: AbandonedLineView[];
  @ApiProperty({ description: 'EGP, priced today as the cart would be' }) value!: number;
}

export class FunnelView {
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ type: () => FunnelStagesView }) totals!: FunnelStagesView;
  @ApiProperty({ type: () => [FunnelDayView] }) days!: FunnelDayView[];
  @ApiProperty({ type: () => [FunnelGovernorateView] }) governorates!: FunnelGovernorateView[];
  @ApiProperty({ type: () => [FunnelRejectionView] }) rejections!: FunnelRejectionView[];
  @ApiProperty() abandonedCount!: number;
  @ApiProperty({ description: 'EGP, of the abandoned carts listed' }) abandonedValue!: number;
  @ApiProperty({ type: () => [AbandonedCartView], description: 'The 20 most recent' }) abandoned!: AbandonedCartView[];
}
