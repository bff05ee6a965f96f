/**
 * The shop's constants in one server-side place (the web reads them through the API, so
 * the form warning and the server check can never disagree again, see DESIGN "Giza").
 * Money in piastres.
 */
import type { Piastres } from './shared/money.js';

/** The shop's calendar: days, months and times are Cairo's (dashboard, CSV, filters, the funnel). */
export const SHOP_TIME_ZONE = 'Africa/Cairo';

export const SIZES = ['SIZE_20x30', 'SIZE_30x40', 'SIZE_40x50', 'SIZE_50x70'] as const;
export type PosterSize = (typeof SIZES)[number];

/** What a cart line or order line sells: a catalogue poster, a poster of the shopper's image, an add-on. */
export type CartItemKind = 'poster' | 'custom' | 'addon';

export const SIZE_LABELS: Readonly<Record<PosterSize, string>> = {
  SIZE_20x30: '20x30cm',
  SIZE_30x40: '30x40cm',
  SIZE_40x50: '40x50cm',
  SIZE_50x70: '50x70cm',
};

export function isPosterSize(value: unknown): value is PosterSize {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

/** Order items of the old product carry sizes with or without the SIZE_ prefix; accept both. */
export function parsePosterSize(value: unknown): PosterSize | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const candidate = trimmed.toUpperCase().startsWith('SIZE_') ? `SIZE_${trimmed.slice(5)}` : `SIZE_${trimmed}`;
  const normalised = candidate.replace(/X/g, 'x').replace(/CM$/i, '');
  return isPosterSize(normalised) ? normalised : undefined;
}

export const CATEGORIES = ['FOOTBALL', 'CARS', 'MOVIES', 'ANIME', 'ART', 'NATURE', 'QUOTES', 'OTHER'] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** Each category's name in the two languages of the shop: the storefront's, and the shop's config answer. */
export const CATEGORY_NAMES: Readonly<Record<Category, { nameEn: string; nameAr: string }>> = {
  FOOTBALL: { nameEn: 'Football', nameAr: 'كرة القدم' },
  CARS: { nameEn: 'Cars', nameAr: 'سيارات' },
  MOVIES: { nameEn: 'Movies', nameAr: 'أفلام' },
  ANIME: { nameEn: 'Anime', nameAr: 'أنمي' },
  ART: { nameEn: 'Art', nameAr: 'فن' },
  NATURE: { nameEn: 'Nature', nameAr: 'طبيعة' },
  QUOTES: { nameEn: 'Quotes', nameAr: 'اقتباسات' },
  OTHER: { nameEn: 'Other', nameAr: 'أخرى' },
};

/** Display form: 'FOOTBALL' → 'Football'. */
export function categoryLabel(category: string): string {
  return category.charAt(0) + category.slice(1).toLowerCase();
}

export const GOVERNORATE_CODES = [
  'CAIRO', 'ALEXANDRIA', 'GIZA', 'DAKAHLIYA', 'RED_SEA', 'BEHEIRA', 'FAYOUM', 'GHARBIA', 'ISMAILIA',
  'MENOFIA', 'MINYA', 'QALYUBIA', 'NEW_VALLEY', 'SUEZ', 'ASWAN', 'ASSIUT', 'BENI_SUEF', 'PORT_SAID',
  'DAMIETTA', 'SHARQIA', 'SOHAG', 'KAFR_EL_SHEIKH', 'MATROUH', 'LUXOR', 'QENA', 'NORTH_SINAI', 'SOUTH_SINAI',
] as const;
export type Governorate = (typeof GOVERNORATE_CODES)[number];

export interface GovernorateInfo {
  code: Governorate;
  nameEn: string;
  nameAr: string;
  /** Courier rate in piastres below the free-shipping threshold. */
  shippingRate: Piastres;
}

/**
 * Rates follow Egyptian courier price bands: Greater Cairo cheapest, Delta and Canal next,
 * Upper Egypt, Sinai, Red Sea, Matrouh and New Valley the most.
 */
export const GOVERNORATES: readonly GovernorateInfo[] = [
  { code: 'CAIRO', nameEn: 'Cairo', nameAr: 'القاهرة', shippingRate: 6000 },
  { code: 'GIZA', nameEn: 'Giza', nameAr: 'الجيزة', shippingRate: 6500 },
  { code: 'QALYUBIA', nameEn: 'Qalyubia', nameAr: 'القليوبية', shippingRate: 6500 },
  { code: 'ALEXANDRIA', nameEn: 'Alexandria', nameAr: 'الإسكندرية', shippingRate: 7000 },
  { code: 'DAKAHLIYA', nameEn: 'Dakahlia', nameAr: 'الدقهلية', shippingRate: 7500 },
  { code: 'BEHEIRA', nameEn: 'Beheira', nameAr: 'البحيرة', shippingRate: 7500 },
  { code: 'GHARBIA', nameEn: 'Gharbia', nameAr: 'الغربية', shippingRate: 7500 },
  { code: 'MENOFIA', nameEn: 'Menofia', nameAr: 'المنوفية', shippingRate: 7500 },
  { code: 'SHARQIA', nameEn: 'Sharqia', nameAr: 'الشرقية', shippingRate: 7500 },
  { code: 'KAFR_EL_SHEIKH', nameEn: 'Kafr El Sheikh', nameAr: 'كفر الشيخ', shippingRate: 7500 },
  { code: 'DAMIETTA', nameEn: 'Damietta', nameAr: 'دمياط', shippingRate: 7500 },
  { code: 'ISMAILIA', nameEn: 'Ismailia', nameAr: 'الإسماعيلية', shippingRate: 8000 },
  { code: 'SUEZ', nameEn: 'Suez', nameAr: 'السويس', shippingRate: 8000 },
  { code: 'PORT_SAID', nameEn: 'Port Said', nameAr: 'بورسعيد', shippingRate: 8000 },
  { code: 'FAYOUM', nameEn: 'Fayoum', nameAr: 'الفيوم', shippingRate: 9000 },
  { code: 'BENI_SUEF', nameEn: 'Beni Suef', nameAr: 'بني سويف', shippingRate: 9000 },
  { code: 'MINYA', nameEn: 'Minya', nameAr: 'المنيا', shippingRate: 10000 },
  { code: 'ASSIUT', nameEn: 'Assiut', nameAr: 'أسيوط', shippingRate: 10000 },
  { code: 'SOHAG', nameEn: 'Sohag', nameAr: 'سوهاج', shippingRate: 10000 },
  { code: 'QENA', nameEn: 'Qena', nameAr: 'قنا', shippingRate: 11000 },
  { code: 'LUXOR', nameEn: 'Luxor', nameAr: 'الأقصر', shippingRate: 11000 },
  { code: 'ASWAN', nameEn: 'Aswan', nameAr: 'أسوان', shippingRate: 12000 },
  { code: 'RED_SEA', nameEn: 'Red Sea', nameAr: 'البحر الأحمر', shippingRate: 12000 },
  { code: 'MATROUH', nameEn: 'Matrouh', nameAr: 'مطروح', shippingRate: 12000 },
  { code: 'NEW_VALLEY', nameEn: 'New Valley', nameAr: 'الوادي الجديد', shippingRate: 12000 },
  { code: 'NORTH_SINAI', nameEn: 'North Sinai', nameAr: 'شمال سيناء', shippingRate: 12000 },
  { code: 'SOUTH_SINAI', nameEn: 'South Sinai', nameAr: 'جنوب سيناء', shippingRate: 12000 },
];

export function isGovernorate(value: unknown): value is Governorate {
  return typeof value === 'string' && (GOVERNORATE_CODES as readonly string[]).includes(value);
}

/** Accepts 'cairo', ' Cairo ', 'red sea', 'RED-SEA' → the upper-case code, else undefined. */
export function parseGovernorate(value: unknown): Governorate | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return isGovernorate(code) ? code : undefined;
}

export function governorateInfo(code: Governorate): GovernorateInfo {
  const info = GOVERNORATES.find((g) => g.code === code);
  if (!info) throw new Error(`No governorate ${code}`);
  return info;
}

export const PAYMENT_METHODS = ['COD', 'ONLINE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The rules pricing and checkout apply; the API may override any of them from config. */
export interface ShopRules {
  /** Governorates where one poster is enough (spec disagrees about Giza; one list decides). */
  exemptGovernorates: readonly Governorate[];
  /** Minimum posters (poster and custom lines, not add-ons) outside the exempt governorates. */
  minimumPosters: number;
  /** Subtotal (piastres, at catalogue price before discounts) from which shipping is free. */
  freeShippingThreshold: Piastres;
  codFee: Piastres;
  /** VAT percent, included in prices. */
  taxRate: number;
  maxQuantityPerLine: number;
  shippingRates: Readonly<Record<Governorate, Piastres>>;
}

export const DEFAULT_SHIPPING_RATES: Readonly<Record<Governorate, Piastres>> = Object.fromEntries(
  GOVERNORATES.map((g) => [g.code, g.shippingRate]),
) as Record<Governorate, Piastres>;

export const DEFAULT_SHOP_RULES: ShopRules = Object.freeze({
  exemptGovernorates: Object.freeze(['CAIRO', 'GIZA'] as Governorate[]),
  minimumPosters: 2,
  freeShippingThreshold: 149900,
  codFee: 2000,
  taxRate: 14,
  maxQuantityPerLine: 100,
  shippingRates: DEFAULT_SHIPPING_RATES,
});

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'COD';

/** Custom (make-your-own) poster prices before an admin sets any (piastres). */
export const DEFAULT_CUSTOM_PRICES: Readonly<Record<PosterSize, Piastres>> = {
  SIZE_20x30: 15000,
  SIZE_30x40: 22000,
  SIZE_40x50: 30000,
  SIZE_50x70: 42000,
};

/** Default map position of the checkout form (Cairo). */
export const DEFAULT_COORDINATES = Object.freeze({ latitude: 30.0444, longitude: 31.2357 });
