/** Validation and normalisation of a poster's variant list, shared by create and change. */
import { DomainError } from '../shared/domain-error.js';
import { isPositivePrice } from '../shared/money.js';
import { isPosterSize, SIZES } from '../shop-config.js';
import type { VariantInput } from './commands.js';
import type { PosterVariant } from './events.js';

export const POSTER_ERRORS = {
  requiredFields: 'Please fill in all required fields.',
  noSize: 'Please select at least one size.',
  invalidPrice: 'Please enter valid prices (numbers greater than 0).',
  invalidSize: 'Please select a valid size',
  duplicateSize: 'Each size can be listed only once.',
  invalidCategory: 'Please select a valid category',
} as const;

/**
 * Checks the list and returns it sorted by size; a size the poster already has keeps its
 * variantId so cart lines pointing at it stay valid across a price change.
 */
export function normaliseVariants(input: readonly VariantInput[], current: readonly PosterVariant[]): PosterVariant[] {
  if (!Array.isArray(input) || input.length === 0) throw DomainError.validation('POSTER_NO_SIZE', POSTER_ERRORS.noSize);
  const seen = new Set<string>();
  const variants: PosterVariant[] = [];
  for (const variant of input) {
    if (!isPosterSize(variant.size)) throw DomainError.validation('POSTER_INVALID_SIZE', POSTER_ERRORS.invalidSize);
    if (seen.has(variant.size)) throw DomainError.validation('POSTER_DUPLICATE_SIZE', POSTER_ERRORS.duplicateSize);
    seen.add(variant.size);
    if (!isPositivePrice(variant.price)) throw DomainError.validation('POSTER_INVALID_PRICE', POSTER_ERRORS.invalidPrice);
    const existing = current.find((v) => v.size === variant.size);
    const variantId = existing?.variantId ?? variant.variantId;
    if (typeof variantId !== 'string' || variantId.length === 0) throw new Error('A new variant needs a variantId');
    variants.push({ variantId, size: variant.size, price: variant.price });
  }
  return variants.sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size));
}

export function sameVariants(a: readonly PosterVariant[], b: readonly PosterVariant[]): boolean {
  return (
    a.length === b.length &&
    a.every((v, i) => v.variantId === b[i].variantId && v.size === b[i].size && v.price === b[i].price)
  );
}
