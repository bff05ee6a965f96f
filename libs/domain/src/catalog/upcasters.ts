/**
 * ProductCreated and ProductUpdated schema 1 → 2. Schema 1 had one name and one description, in
 * whatever language the admin wrote; schema 2 keeps the default (English) wording beside the
 * Arabic one. A schema-1 text in Arabic letters is the Arabic wording, never taken for English.
 */
import { splitByScript } from '../shared/script-language.js';
import type { PosterDetails, ProductDetails } from './events.js';

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

export type PosterDetailsV1 = Partial<Omit<PosterDetails, 'nameAr' | 'descriptionAr'>>;

/**
 * PosterCreated and PosterDetailsChanged schema 1 → 2, the same split with one difference: a
 * poster always has its default name (order lines, exports and the admin's search fall back to
 * it), so a schema-1 name in Arabic letters becomes the Arabic name and stays the default until
 * an admin writes an English one. A description moves, as an add-on's does.
 */
export function upcastPosterDetailsV1<D extends PosterDetailsV1>(data: D): D & Partial<PosterDetails> {
  if (typeof data !== 'object' || data === null) return data;
  const current = data as D & Partial<PosterDetails>;
  const name = splitByScript(current.name, current.nameAr);
  const description = splitByScript(current.description, current.descriptionAr);
  if (!name && !description) return current;
  return {
    ...current,
    ...(name ? { nameAr: name.arabic } : {}),
    ...(description ? { description: description.text, descriptionAr: description.arabic } : {}),
  };
}
