import type { MessageKey } from '../../lib/i18n';

export const MIN_CUSTOM_IMAGE_BYTES = 500 * 1024;

export interface CustomForm {
  file: File | null;
  size: string;
  quantity: number;
}

/** Spec 5 "Custom upload", in the order the shopper meets them. */
export function validateCustomForm(form: CustomForm, price: number | null | undefined): MessageKey | null {
  if (!form.file) return 'custom.noImage';
  if (!form.file.type.startsWith('image/')) return 'custom.notImage';
  if (form.file.size < MIN_CUSTOM_IMAGE_BYTES) return 'custom.tooSmall';
  if (!form.size) return 'custom.noSize';
  if (!Number.isInteger(form.quantity) || form.quantity < 1) return 'custom.badQuantity';
  if (price === null) return 'custom.badPrice';
  if (price === undefined) return 'custom.invalidSize';
  return null;
}
