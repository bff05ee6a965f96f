// Validation of the admin poster form, in the order the form shows them, one message per rule.

export const POSTER_SIZES = ['SIZE_20x30', 'SIZE_30x40', 'SIZE_40x50', 'SIZE_50x70'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];
export const SIZE_LABELS: Record<PosterSize, string> = {
  SIZE_20x30: '20x30cm',
  SIZE_30x40: '30x40cm',
  SIZE_40x50: '40x50cm',
  SIZE_50x70: '50x70cm',
};

export interface PosterFormValues {
  name: string;
  description: string;
  /** The Arabic storefront's wording; optional (it shows name and description without it). */
  nameAr: string;
  descriptionAr: string;
  category: string;
  /** size → price text as typed */
  prices: Partial<Record<PosterSize, string>>;
  selectedSizes: PosterSize[];
  hasImage: boolean;
}

export const POSTER_FORM_MESSAGES = {
  required: 'Please fill in all required fields.',
  noSize: 'Please select at least one size.',
  missingPrice: 'Please enter prices for all selected sizes.',
  invalidPrice: 'Please enter valid prices (numbers greater than 0).',
} as const;

/** Returns the first failing rule's message, or null when the form can be saved. Image is required on create only. */
export function validatePosterForm(values: PosterFormValues, mode: 'create' | 'edit'): string | null {
  if (!values.name.trim() || !values.category || (mode === 'create' && !values.hasImage)) return POSTER_FORM_MESSAGES.required;
  if (values.selectedSizes.length === 0) return POSTER_FORM_MESSAGES.noSize;
  const texts = values.selectedSizes.map((size) => (values.prices[size] ?? '').trim());
  if (texts.some((text) => text === '')) return POSTER_FORM_MESSAGES.missingPrice;
  if (texts.some((text) => !(Number(text) > 0))) return POSTER_FORM_MESSAGES.invalidPrice;
  return null;
}

/** Digits with up to 2 decimals, as typed (an empty or partial '12.' entry is allowed while typing). */
export const isPriceInput = (text: string) => /^\d*(\.\d{0,2})?$/.test(text);

/** On blur a price shows with 2 decimals. */
export function formatPriceOnBlur(text: string): string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value.toFixed(2) : text;
}

export interface PosterSavePayload {
  name: string;
  description: string;
  /** '' clears the Arabic wording. */
  nameAr: string;
  descriptionAr: string;
  basePrice: number;
  category: string;
  variants: { size: PosterSize; price: number; weightGrams: number }[];
}

/** basePrice is the lowest entered price; variants carry size, price and weightGrams 0. */
export function toSavePayload(values: PosterFormValues): PosterSavePayload {
  const variants = POSTER_SIZES.filter((size) => values.selectedSizes.includes(size)).map((size) => ({
    size,
    price: Math.round(Number(values.prices[size]) * 100) / 100,
    weightGrams: 0,
  }));
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    nameAr: values.nameAr.trim(),
    descriptionAr: values.descriptionAr.trim(),
    basePrice: Math.min(...variants.map((variant) => variant.price)),
    category: values.category,
    variants,
  };
}
