import { IsEgpAmount, numericStringToNumber } from '../../shared/is-egp-amount.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

const REQUIRED = 'Please fill in all required fields.';
const PRICE = 'Please enter valid prices (numbers greater than 0).';

export class PosterVariantDto {
  @ApiProperty({ example: 'SIZE_30x40' })
  @IsString({ message: 'Please select a valid size' })
  @MaxLength(20, { message: 'Please select a valid size' })
  size!: string;

  /** EGP with up to 2 decimals. */
  @ApiProperty({ example: 250 })
  @Transform(numericStringToNumber)
  @IsEgpAmount({ message: PRICE })
  price!: number;

  @ApiPropertyOptional({ description: 'Accepted and ignored (the old form sends 0)' })
  @IsOptional()
  weightGrams?: unknown;
}

export class CreatePosterDto {
  @ApiProperty() @IsString({ message: REQUIRED }) @MaxLength(200) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @ApiPropertyOptional({ description: 'The Arabic storefront shows it instead of name' }) @IsOptional() @IsString() @MaxLength(200) nameAr?: string;
  @ApiPropertyOptional({ description: 'The Arabic storefront shows it instead of description' }) @IsOptional() @IsString() @MaxLength(5000) descriptionAr?: string;
  @ApiProperty({ example: 'ANIME' }) @IsString({ message: REQUIRED }) @MaxLength(40) category!: string;
  /** Required unless a file part is sent. */
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) imageUrl?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() visible?: boolean;

  @ApiProperty({ type: [PosterVariantDto] })
  @IsArray({ message: 'Please select at least one size.' })
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => PosterVariantDto)
  variants!: PosterVariantDto[];

  @ApiPropertyOptional({ description: 'Accepted and ignored: prices are per variant' })
  @IsOptional()
  basePrice?: unknown;
}

/** Partial: only the fields sent change (the visibility switch sends { visible } alone). */
export class UpdatePosterDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: REQUIRED }) @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @ApiPropertyOptional({ description: "Arabic name; '' removes it" }) @IsOptional() @IsString() @MaxLength(200) nameAr?: string;
  @ApiPropertyOptional({ description: "Arabic description; '' removes it" }) @IsOptional() @IsString() @MaxLength(5000) descriptionAr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: REQUIRED }) @MaxLength(40) category?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) imageUrl?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Visibility must be true or false' }) visible?: boolean;

  @ApiPropertyOptional({ type: [PosterVariantDto] })
  // Absent means "keep the sizes"; null is not absent (IsOptional would let it through as a list).
  @ValidateIf((o: UpdatePosterDto) => o.variants !== undefined)
  @IsArray({ message: 'Please select at least one size.' })
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => PosterVariantDto)
  variants?: PosterVariantDto[];

  @ApiPropertyOptional() @IsOptional() basePrice?: unknown;
}
