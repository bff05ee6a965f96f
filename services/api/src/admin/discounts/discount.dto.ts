import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

const PERCENT = 'Enter a value between 1 and 100';

export class CreateDiscountDto {
  @ApiProperty({ example: 15 }) @IsInt({ message: PERCENT }) @Min(1, { message: PERCENT }) @Max(100, { message: PERCENT }) percentage!: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
  /** A category code, or null / '' for all categories. */
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ANIME' })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: 'Please select a valid category' })
  @MaxLength(40, { message: 'Please select a valid category' })
  category?: string | null;
}

export class UpdateDiscountDto {
  @ApiPropertyOptional() @IsOptional() @IsInt({ message: PERCENT }) @Min(1, { message: PERCENT }) @Max(100, { message: PERCENT }) percentage?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
}
