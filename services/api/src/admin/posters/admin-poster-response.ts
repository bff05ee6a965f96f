import { ApiProperty } from '@nestjs/swagger';
import { PaginationFields, PosterView } from '../../catalog/poster-response.js';

/** A read-model poster for the admin grid: the shop's view plus what only the admin sees. */
export class AdminPosterView extends PosterView {
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deletedAt!: Date | null;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: Date;
  @ApiProperty({ description: 'Lowest variant price, EGP' }) basePrice!: number;
}

/** A page of the admin grid (posters not deleted), newest first. */
export class AdminPosterPage extends PaginationFields {
  @ApiProperty({ type: () => [AdminPosterView] }) data!: AdminPosterView[];
}

export class PosterStateVariantView {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Same as id' }) variantId!: string;
  @ApiProperty({ example: 'SIZE_30x40' }) size!: string;
  @ApiProperty({ description: 'EGP' }) price!: number;
  @ApiProperty() weightGrams!: number;
}

/** The poster as a command left it (answers of the poster commands, before the projector catches up). */
export class PosterStateView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: "Arabic name; '' when the poster has none (show name instead)" }) nameAr!: string;
  @ApiProperty({ description: "Arabic description; '' when the poster has none" }) descriptionAr!: string;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty() imageUrl!: string;
  @ApiProperty() visible!: boolean;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ description: 'Lowest variant price, EGP' }) basePrice!: number;
  @ApiProperty({ type: () => [PosterStateVariantView] }) variants!: PosterStateVariantView[];
}

export class PosterImageView {
  @ApiProperty() url!: string;
}
