import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ORDER_STATUSES } from '#domain/order/events.js';
import { toInteger } from '../../common/strict-integer.js';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';

export const STATUS_MESSAGE = `Status must be one of ${ORDER_STATUSES.join(', ')}`;

/**
 * The order's revision as the admin saw it: optional, a whole number, and a change made since is a
 * 409. Listed in the order stacked decorators apply (bottom up), which decides the message a
 * value failing several checks gets: hex is "not a whole number", not "too large".
 */
export const ExpectedRevisionField = () =>
  applyDecorators(
    Max(2_000_000_000, { message: 'expectedRevision is too large' }),
    Min(0, { message: 'expectedRevision must be at least 0' }),
    IsInt({ message: 'expectedRevision must be a whole number' }),
    Transform(toInteger),
    IsOptional(),
    ApiPropertyOptional({ description: "The order's revision as the admin saw it (AdminOrderView.revision): a change made since is a 409 naming who made it" }),
  );

/** The old admin sent the status as a query parameter in one place and in the body in another: both work. */
export class OrderStatusDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsString({ message: STATUS_MESSAGE })
  @MaxLength(20, { message: STATUS_MESSAGE })
  status?: string;

  @ApiPropertyOptional({ description: 'Why (kept in the audit trail)' })
  @IsOptional()
  @WithoutBidiControls()
  @IsString({ message: 'Reason must be text' })
  @MaxLength(500, { message: 'Reason must be at most 500 characters' })
  reason?: string;

  @ExpectedRevisionField()
  expectedRevision?: number;
}
