import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

// Each refusal names its field, as the decider's do.
const PERCENT = 'percentage: Enter a value between 1 and 100';
const CATEGORY = 'category: Please select a valid category';
const ACTIVE = 'active: Active must be true or false';
const STARTS = 'startsOn: Enter the start as a date (YYYY-MM-DD)';
const ENDS = 'endsOn: Enter the end as a date (YYYY-MM-DD)';

/** The window's shape only; the decider checks the dates are real and in order (validateDiscountWindow). */
class DiscountWindowDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-01', description: 'First shop day (Cairo) in force, inclusive; null or empty: from now' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: STARTS }) @MaxLength(40, { message: STARTS })
  startsOn?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-07', description: 'Last shop day (Cairo) in force, inclusive; null or empty: no end' })
  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsString({ message: ENDS }) @MaxLength(40, { message: ENDS })
  endsOn?: string | null;
}

export class CreateDiscountDto extends DiscountWindowDto {
  @ApiProperty({ example: 15 }) @IsInt({ message: PERCENT }) @Min(1, { message: PERCENT }) @Max(100, { message: PERCENT }) percentage!: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: ACTIVE }) active?: boolean;
  /** A category code, or null / '' for all categories. */
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ANIME' })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: CATEGORY })
  @MaxLength(40, { message: CATEGORY })
  category?: string | null;
}

export class UpdateDiscountDto extends DiscountWindowDto {
  @ApiPropertyOptional() @IsOptional() @IsInt({ message: PERCENT }) @Min(1, { message: PERCENT }) @Max(100, { message: PERCENT }) percentage?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: ACTIVE }) active?: boolean;
}
