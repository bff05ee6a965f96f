import { evolveAll } from '../shared/decider.js';
import { posterDecider } from '../catalog/poster.decider.js';
import { productDecider } from '../catalog/product.decider.js';
import { promoCodeDecider } from '../promotion/promo-code.decider.js';
import { cartPosterSnapshot, cartProductSnapshot, cartPromoSnapshot } from './snapshots.js';

describe('cart snapshots', () => {
  it('are null for streams that do not exist', () => {
    expect(cartPosterSnapshot(posterDecider.initialState)).toBeNull();
    expect(cartProductSnapshot(productDecider.initialState)).toBeNull();
    expect(cartPromoSnapshot(promoCodeDecider.initialState)).toBeNull();
  });

  it('carry what the cart rules need', () => {
    const poster = evolveAll(posterDecider, [
      {
        type: 'PosterCreated',
        data: { posterId: 'p1', name: 'N', description: '', category: 'ART', imageUrl: 'x', visible: true, variants: [{ variantId: 'v1', size: 'SIZE_20x30', price: 100 }] },
      },
      { type: 'PosterDeleted', data: { posterId: 'p1' } },
    ]);
    expect(cartPosterSnapshot(poster)).toEqual({ posterId: 'p1', visible: true, deleted: true, variants: [{ variantId: 'v1', size: 'SIZE_20x30' }] });
    const promo = evolveAll(promoCodeDecider, [
      { type: 'PromoCodeCreated', data: { code: 'EID', percentOff: 15, active: true } },
      { type: 'PromoCodeDeactivated', data: { code: 'EID' } },
    ]);
    expect(cartPromoSnapshot(promo)).toEqual({ code: 'EID', percentOff: 15, active: false, deleted: false });
    const product = evolveAll(productDecider, [{ type: 'ProductCreated', data: { productId: 'a1', name: 'F', description: 'D', price: 1, imageUrl: null } }]);
    expect(cartProductSnapshot(product)).toEqual({ productId: 'a1', deleted: false });
  });
});
