import { ApiProperty, PickType } from '@nestjs/swagger';

// The storefront's poster answers. posterView() is typed with these classes, so the document
// and what the API sends are one shape; money in EGP.

export class VariantView {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Same as id (older clients read variantId)' }) variantId!: string;
  @ApiProperty({ example: 'SIZE_30x40' }) size!: string;
  @ApiProperty({ description: 'Catalogue price, before a category discount' }) price!: number;
  @ApiProperty({ description: 'Same as price' }) originalPrice!: number;
  @ApiProperty({ description: 'After the best category discount; equal to price when there is none' }) discountedPrice!: number;
  @ApiProperty() hasDiscount!: boolean;
  @ApiProperty() discountPercentage!: number;
  @ApiProperty() weightGrams!: number;
}

export class PosterView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: "Arabic name; '' when the poster has none (show name instead)" }) nameAr!: string;
  @ApiProperty({ description: "Arabic description; '' when the poster has none" }) descriptionAr!: string;
  @ApiProperty({ example: 'ANIME' }) category!: string;
  @ApiProperty({ description: 'Relative to /uploads, or an absolute URL' }) imageUrl!: string;
  @ApiProperty() visible!: boolean;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ type: () => [VariantView] }) variants!: VariantView[];
  @ApiProperty() hasDiscount!: boolean;
  @ApiProperty() discountPercentage!: number;
  @ApiProperty() originalPriceSample!: number;
  @ApiProperty() discountedPriceSample!: number;
  @ApiProperty() minPrice!: number;
  @ApiProperty() maxPrice!: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
}

/**
 * A poster as a grid shows it (the shop's pages, search, featured, recommendations, bestsellers):
 * what a card shows and no more. The poster's page reads the whole PosterView.
 */
export class PosterCardView extends PickType(PosterView, ['id', 'name', 'nameAr', 'category', 'imageUrl', 'discountPercentage'] as const) {
  @ApiProperty({ description: "The lowest price of any size after today's category discount" }) price!: number;
  @ApiProperty({ description: "That size's catalogue price: above price when discounted" }) originalPrice!: number;
}

/** The page fields every paged list answers (currentPage … hasPreviousPage), beside the page's rows. */
export class PaginationFields {
  @ApiProperty() currentPage!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() itemsPerPage!: number;
  @ApiProperty() hasNextPage!: boolean;
  @ApiProperty() hasPreviousPage!: boolean;
}

export class PosterPage extends PaginationFields {
  @ApiProperty({ type: () => [PosterCardView] }) posters!: PosterCardView[];
}

export class BestsellerView {
  @ApiProperty() posterId!: string;
  @ApiProperty() totalOrdered!: number;
  @ApiProperty({ type: () => PosterCardView, description: 'The poster itself, so the web needs no call per entry' }) poster!: PosterCardView;
}
