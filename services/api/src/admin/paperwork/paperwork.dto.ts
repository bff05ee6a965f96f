import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PAPER_SIZES, type PaperSize } from './packing-slip-pdf.js';

/** The most orders one batch prints: a day's parcels; a PDF of thousands would hold the API for minutes. */
export const MAX_BATCH = 200;
export const PAPER_MESSAGE = `paper must be one of ${PAPER_SIZES.join(', ')}`;

export class PackingSlipBatchDto {
  @ApiProperty({ type: [String], maxItems: MAX_BATCH, minItems: 1, description: 'Order numbers (or ids), one page each, in this order', example: ['PS-7KQ4-M2XD'] })
  @IsArray({ message: 'orders must be a list of order numbers' })
  @ArrayNotEmpty({ message: 'orders must name at least one order' })
  @ArrayMaxSize(MAX_BATCH, { message: `orders: at most ${MAX_BATCH} orders in one batch` })
  @IsString({ each: true, message: 'orders must be order numbers (text)' })
  @MaxLength(64, { each: true, message: 'orders: an order number is at most 64 characters' })
  orders!: string[];

  @ApiPropertyOptional({ enum: PAPER_SIZES, default: 'A4', description: 'A4 packing slips or 10 × 15 cm labels' })
  @IsOptional()
  @IsIn(PAPER_SIZES, { message: PAPER_MESSAGE })
  paper?: PaperSize;
}
