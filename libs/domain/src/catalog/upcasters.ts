/**
 * ProductCreated and ProductUpdated schema 1 → 2. Schema 1 had one name and one description, in
 * whatever language the admin wrote; schema 2 keeps the default (English) wording beside the
 * Arabic one. A schema-1 text in Arabic letters is the Arabic wording, never taken for English.
 */
import { splitByScript } from '../shared/script-language.js';
import type { ProductDetails } from './events.js';

export type ProductDetailsV1 = Omit<ProductDetails, 'nameAr' | 'descriptionAr'>;

export function upcastProductDetailsV1(data: ProductDetailsV1): ProductDetails {
  // Reading never throws: data this code did not write is passed on as it is.
  if (typeof data !== 'object' || data === null) return data;
  const current = data as ProductDetails;
  const name = splitByScript(current.name, current.nameAr);
  const description = splitByScript(current.description, current.descriptionAr);
  if (!name && !description) return current;
  return {
    ...current,
    ...(name ? { name: name.text, nameAr: name.arabic } : {}),
    ...(description ? { description: description.text, descriptionAr: description.arabic } : {}),
  };
}
