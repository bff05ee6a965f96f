import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The old admin sent the status as a query parameter in one place and in the body in another: both work. */
export class OrderStatusDto {
  @ApiPropertyOptional({ enum: ['PLACED', 'SHIPPED', 'CANCELED'] })
  @IsOptional()
  @IsString({ message: 'Status must be PLACED, SHIPPED or CANCELED' })
  @MaxLength(20, { message: 'Status must be PLACED, SHIPPED or CANCELED' })
  status?: string;

  @ApiPropertyOptional({ description: 'Why (kept in the audit trail)' })
  @IsOptional()
  @IsString({ message: 'Reason must be text' })
  @MaxLength(500, { message: 'Reason must be at most 500 characters' })
  reason?: string;
}
