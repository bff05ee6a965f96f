import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ERASURE_REASONS, type ErasureReason } from '#domain/personal-data/events.js';
import { OPEN_ORDER_CHOICES, type OpenOrderChoice } from './erase-personal-data.handler.js';

export class ErasePersonalDataDto {
  @ApiProperty({ description: "The customer's phone, typed again to confirm (any form checkout accepts)" })
  @IsString({ message: 'phone must be text' })
  @MinLength(1, { message: 'phone is required' })
  @MaxLength(40, { message: 'phone must be at most 40 characters' })
  phone!: string;

  @ApiProperty({ enum: ERASURE_REASONS, description: 'Why: a code, never free text (the log keeps it for ever)' })
  @IsString({ message: `reason must be one of ${ERASURE_REASONS.join(', ')}` })
  @IsIn(ERASURE_REASONS, { message: `reason must be one of ${ERASURE_REASONS.join(', ')}` })
  reason!: ErasureReason;

  @ApiPropertyOptional({ enum: OPEN_ORDER_CHOICES, description: 'When the customer has unfinished orders: cancel them first (only those not shipped), or hold the erasure until they finish. Without it such an erasure is refused (409) naming them.' })
  @IsOptional()
  @IsString({ message: `openOrders must be one of ${OPEN_ORDER_CHOICES.join(', ')}` })
  @IsIn(OPEN_ORDER_CHOICES, { message: `openOrders must be one of ${OPEN_ORDER_CHOICES.join(', ')}` })
  openOrders?: OpenOrderChoice;
}
