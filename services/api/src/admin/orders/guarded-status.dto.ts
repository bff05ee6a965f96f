import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ORDER_STATUSES } from '#domain/order/events.js';
import { ExpectedRevisionField, STATUS_MESSAGE } from './order-status.dto.js';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';

/**
 * The back-office's status change: cancel and refuse carry a reason; undoing SHIPPED, DELIVERED or
 * REFUSED carries correction: true and a reason (the order decider checks which move is which).
 */
export class GuardedStatusDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status!: string;

  @ApiPropertyOptional({ description: 'Why (kept in the audit trail); required to cancel, refuse or correct' })
  @IsOptional()
  @WithoutBidiControls()
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;

  @ApiPropertyOptional({ description: 'true to undo SHIPPED, DELIVERED or REFUSED (recorded as a correction); refused on any other move' })
  @IsOptional()
  @IsBoolean({ message: 'correction must be true or false' })
  correction?: boolean;

  @ExpectedRevisionField()
  expectedRevision?: number;

  @ApiPropertyOptional({ description: 'SHIPPED only: the courier taking the parcel (GET /admin/couriers)' })
  @IsOptional()
  @IsString({ message: 'courierId must be text' })
  @MaxLength(64, { message: 'courierId must be at most 64 characters' })
  courierId?: string;

  @ApiPropertyOptional({ description: 'With courierId: the parcel’s tracking number' })
  @IsOptional()
  @IsString({ message: 'trackingNumber must be text' })
  @MaxLength(200, { message: 'trackingNumber must be at most 200 characters' })
  trackingNumber?: string;
}
