import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNumber, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';

export class ReturnLineDto {
  @ApiProperty()
  @IsString({ message: 'itemId must be text' })
  @MaxLength(64, { message: 'itemId must be at most 64 characters' })
  itemId!: string;

  @ApiProperty({ minimum: 1 })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  quantity!: number;
}

/** lines left out: the whole order (everything not yet returned). The decider checks lines against what was sold. */
export class ReturnOrderDto {
  @ApiPropertyOptional({ type: () => [ReturnLineDto], description: 'The lines returned; leave out to return the whole order' })
  @IsOptional()
  @IsArray({ message: 'lines must be a list' })
  @ArrayMaxSize(100, { message: 'lines must list at most 100 lines' })
  @ValidateNested({ each: true })
  @Type(() => ReturnLineDto)
  lines?: ReturnLineDto[];

  @ApiProperty({ description: 'Why it came back (kept in the order’s history)' })
  @WithoutBidiControls()
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason!: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Cash handed back for these goods, EGP (at most what was paid, less earlier refunds); decided with the return: refused, nothing is recorded' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'refund must be an amount in EGP with at most 2 decimals' })
  refund?: number | null;
}

export class RefundDto {
  @ApiProperty({ description: 'Cash handed back, EGP (at most what was paid, less earlier refunds)' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'amount must be an amount in EGP with at most 2 decimals' })
  amount!: number;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The return it pays for' })
  @IsOptional()
  @IsString({ message: 'returnId must be text' })
  @MaxLength(64, { message: 'returnId must be at most 64 characters' })
  returnId?: string | null;
}

export class OrderReturnView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty() returnId!: string;
  @ApiProperty({ description: 'Goods returned, EGP: what the order’s sales fall by' }) amount!: number;
  @ApiProperty({ description: 'Goods returned so far, EGP' }) returnedTotal!: number;
  @ApiProperty({ description: 'Cash refunded so far, EGP' }) refundedTotal!: number;
}

export class RefundView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty({ description: 'Cash refunded so far, EGP' }) refundedTotal!: number;
}
