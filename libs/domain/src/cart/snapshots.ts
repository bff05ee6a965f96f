/**
 * The facts a cart command needs from other aggregates, built from their folded states.
 * A handler loads posterStream/productStream/promoStream, folds with the decider, and passes
 * the result of these functions in the command (null when the stream does not exist).
 */
import type { PosterState } from '../catalog/poster.decider.js';
import type { ProductState } from '../catalog/product.decider.js';
import type { PromoCodeState } from '../promotion/promo-code.decider.js';
import type { CartPosterSnapshot, CartProductSnapshot, CartPromoSnapshot } from './commands.js';

export function cartPosterSnapshot(state: PosterState): CartPosterSnapshot | null {
  if (!state.exists) return null;
  return {
    posterId: state.posterId,
    visible: state.visible,
    deleted: state.deleted,
    variants: state.variants.map(({ variantId, size }) => ({ variantId, size })),
  };
}

export function cartProductSnapshot(state: ProductState): CartProductSnapshot | null {
  return state.exists ? { productId: state.productId, deleted: state.deleted } : null;
}

export function cartPromoSnapshot(state: PromoCodeState): CartPromoSnapshot | null {
  return state.exists ? { code: state.code, percentOff: state.percentOff, active: state.active, deleted: state.deleted } : null;
}
