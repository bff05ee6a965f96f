import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CATEGORIES } from '#domain/shop-config.js';
import { toInteger } from '../../common/strict-integer.js';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

export class ListPostersQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: '1-based page' })
  @IsOptional() @Transform(toInteger) @IsInt({ message: 'page must be a whole number' }) @Min(1, { message: 'page must be at least 1' }) @Max(100000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional() @Transform(toInteger) @IsInt({ message: 'limit must be a whole number' }) @Min(1, { message: 'limit must be at least 1' }) @Max(100, { message: 'limit must be at most 100' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Case-insensitive match on name or description' })
  @IsOptional() @Transform(trim) @IsString() @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ enum: CATEGORIES })
  @IsOptional() @Transform(upper) @IsIn(CATEGORIES, { message: 'Unknown category' })
  category?: string;

  @ApiPropertyOptional({ enum: CATEGORIES, description: 'Recommendations: posters of this category (bare array, at most 4)' })
  @IsOptional() @Transform(upper) @IsIn(CATEGORIES, { message: 'Unknown category' })
  categories?: string;

  @ApiPropertyOptional({ description: 'Recommendations: poster id to leave out' })
  @IsOptional() @IsString() @MaxLength(100)
  exclude?: string;
}
