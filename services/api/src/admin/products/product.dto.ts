import { IsEgpAmount, numericStringToNumber } from '../shared/is-egp-amount.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

const REQUIRED = 'Please fill in all required fields';

/** The `data` part of the multipart form (or a plain JSON body). */
export class ProductDto {
  @ApiProperty() @IsString({ message: REQUIRED }) @MaxLength(200, { message: 'Name must be at most 200 characters' }) name!: string;
  @ApiProperty({ example: 75 })
  @Transform(numericStringToNumber)
  @IsEgpAmount({ message: REQUIRED })
  price!: number;
  @ApiProperty() @IsString({ message: REQUIRED }) @MaxLength(5000, { message: 'Description must be at most 5000 characters' }) description!: string;
  /** The Arabic storefront's wording. Left out on edit keeps the current one; '' removes it. One of name and nameAr (and of description and descriptionAr) must be filled in. */
  @ApiPropertyOptional({ description: "The Arabic storefront shows it instead of name; '' removes it" })
  @IsOptional()
  @IsString({ message: 'nameAr must be text' })
  @MaxLength(200, { message: 'nameAr must be at most 200 characters' })
  nameAr?: string;
  @ApiPropertyOptional({ description: "The Arabic storefront shows it instead of description; '' removes it" })
  @IsOptional()
  @IsString({ message: 'descriptionAr must be text' })
  @MaxLength(5000, { message: 'descriptionAr must be at most 5000 characters' })
  descriptionAr?: string;
  /** Absent keeps the current image on edit; null or '' removes it. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString()
  @MaxLength(2000)
  imageUrl?: string | null;
}
