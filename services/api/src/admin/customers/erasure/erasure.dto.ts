import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { ERASURE_REASONS, type ErasureReason } from '#domain/personal-data/events.js';

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
}
