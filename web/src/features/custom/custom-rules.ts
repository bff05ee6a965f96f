import type { PrintResolution } from '../../../../libs/domain/src/catalog/print-resolution';
import type { MessageKey } from '../../lib/i18n';

export interface CustomForm {
  file: File | null;
  size: string;
  quantity: number;
  /** How the photo prints at the chosen size, once its pixels are decoded (null before, or undecodable). */
  print?: PrintResolution | null;
}

/** In the order the shopper meets them. A photo too small to print at the size is refused; a soft one is only warned about. */
export function validateCustomForm(form: CustomForm, price: number | null | undefined): MessageKey | null {
  if (!form.file) return 'custom.noImage';
  if (!form.file.type.startsWith('image/')) return 'custom.notImage';
  if (!form.size) return 'custom.noSize';
  if (form.print?.verdict === 'refused') return 'custom.printRefused';
  if (!Number.isInteger(form.quantity) || form.quantity < 1) return 'custom.badQuantity';
  if (price === null) return 'custom.badPrice';
  if (price === undefined) return 'custom.invalidSize';
  return null;
}
