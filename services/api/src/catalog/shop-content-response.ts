import { ApiProperty } from '@nestjs/swagger';
import { ARABIC_DIGIT_SYSTEMS, type ArabicDigits } from '#domain/shared/customer-words.js';

// Small public reads of the storefront (catalog and shop-config controllers).

export class DiscountView {
  @ApiProperty() id!: number;
  @ApiProperty({ type: String, nullable: true, description: 'null: every category' }) category!: string | null;
  @ApiProperty({ minimum: 1, maximum: 100 }) percentage!: number;
  @ApiProperty() active!: boolean;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-01', description: 'First shop day (Cairo) in force, inclusive; null: from its creation' }) startsOn!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-07', description: 'Last shop day (Cairo) in force, inclusive; null: until switched off' }) endsOn!: string | null;
}

/** An add-on product as the shop lists it: each storefront shows its language's wording, else the other's. */
export class AddOnView {
  @ApiProperty() id!: string;
  @ApiProperty({ description: "Default (English) name; '' when the add-on has only an Arabic one" }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: "Arabic name; '' when the add-on has none (show name instead)" }) nameAr!: string;
  @ApiProperty({ description: "Arabic description; '' when the add-on has none" }) descriptionAr!: string;
  @ApiProperty({ description: 'EGP' }) price!: number;
  @ApiProperty({ type: String, nullable: true }) imageUrl!: string | null;
}

/** The banner: each storefront shows its language's text, else the other's. */
export class AnnouncementView {
  @ApiProperty({ type: String, nullable: true, description: 'Default (English) text; null when none is set' }) text!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Arabic text; null when none is set' }) textAr!: string | null;
}

export class GalleryImageView {
  @ApiProperty() id!: string;
  @ApiProperty() imageUrl!: string;
  @ApiProperty({ description: "Default (English) caption; '' when none" }) caption!: string;
  @ApiProperty({ description: "Arabic caption; '' when none" }) captionAr!: string;
}

export class CustomPriceView {
  @ApiProperty({ example: 'SIZE_30x40' }) size!: string;
  @ApiProperty({ example: '30x40cm' }) label!: string;
  @ApiProperty({ description: 'EGP' }) price!: number;
}

/** The price of a custom poster of one size. */
export class SizePriceView {
  @ApiProperty({ example: 'SIZE_30x40' }) size!: string;
  @ApiProperty({ description: 'EGP' }) price!: number;
}

export class GovernorateView {
  @ApiProperty({ example: 'CAIRO' }) code!: string;
  @ApiProperty() nameEn!: string;
  @ApiProperty() nameAr!: string;
  @ApiProperty({ description: 'EGP' }) shippingCost!: number;
  @ApiProperty({ description: 'Exempt from the minimum number of posters' }) exempt!: boolean;
}

export class CodeLabel {
  @ApiProperty() code!: string;
  @ApiProperty() label!: string;
}

/** A category with its name in each language of the shop. */
export class CategoryView extends CodeLabel {
  @ApiProperty({ example: 'Football' }) nameEn!: string;
  @ApiProperty({ example: 'كرة القدم' }) nameAr!: string;
}

export class Coordinates {
  @ApiProperty() latitude!: number;
  @ApiProperty() longitude!: number;
}

/** What the web must agree on with the server (one list of exempt governorates, one COD fee, …). */
export class ShopConfigView {
  @ApiProperty({ example: 'EGP' }) currency!: string;
  @ApiProperty({ type: () => [GovernorateView] }) governorates!: GovernorateView[];
  @ApiProperty({ type: [String] }) exemptGovernorates!: string[];
  @ApiProperty() minimumPosters!: number;
  @ApiProperty({ description: 'EGP' }) freeShippingThreshold!: number;
  @ApiProperty({ description: 'EGP' }) codFee!: number;
  @ApiProperty({ description: 'Percent, included in prices' }) taxRate!: number;
  @ApiProperty() maxQuantityPerLine!: number;
  @ApiProperty({ type: () => [CodeLabel] }) sizes!: CodeLabel[];
  @ApiProperty({ type: () => [CategoryView] }) categories!: CategoryView[];
  @ApiProperty({ type: [String] }) paymentMethods!: string[];
  @ApiProperty() defaultPaymentMethod!: string;
  @ApiProperty({ type: () => Coordinates }) defaultCoordinates!: Coordinates;
  @ApiProperty({ enum: ARABIC_DIGIT_SYSTEMS, description: 'How Arabic pages write numbers (ARABIC_DIGITS): arabic-indic (٠١٢٣) or latin (0123)' }) arabicDigits!: ArabicDigits;
}
