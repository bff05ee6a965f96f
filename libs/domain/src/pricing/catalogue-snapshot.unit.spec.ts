import { NO_PROMO_RULES } from '../promotion/promo-rules.js';
import { customPricingDecider } from '../catalog/custom-pricing.decider.js';
import { posterDecider } from '../catalog/poster.decider.js';
import { productDecider } from '../catalog/product.decider.js';
import { discountsDecider } from '../promotion/discounts.decider.js';
import { promoCodeDecider } from '../promotion/promo-code.decider.js';
import { evolveAll } from '../shared/decider.js';
import { catalogueFromStates } from './catalogue-snapshot.js';

describe('catalogueFromStates', () => {
  const poster = evolveAll(posterDecider, [
    {
      type: 'PosterCreated',
      data: { posterId: 'p1', name: 'Salah', description: '', category: 'FOOTBALL', imageUrl: 's.jpg', visible: true, variants: [{ variantId: 'v1', size: 'SIZE_20x30', price: 15000 }] },
    },
  ]);
  const product = evolveAll(productDecider, [{ type: 'ProductCreated', data: { productId: 'a1', name: 'Frame', description: 'D', price: 9900, imageUrl: null } }]);
  const discounts = evolveAll(discountsDecider, [{ type: 'DiscountCreated', data: { discountId: 1, category: null, percentage: 10, active: true, startsOn: null, endsOn: null } }]);
  const customPricing = evolveAll(customPricingDecider, [{ type: 'CustomPriceSet', data: { size: 'SIZE_50x70', price: 50000 } }]);

  it('turns folded states into the snapshot priceCart reads, leaving out streams that never existed', () => {
    const snapshot = catalogueFromStates({
      posters: [['p1', poster], ['missing', posterDecider.initialState]],
      products: [['a1', product], ['missing', productDecider.initialState]],
      customPricing,
      discounts,
      promo: promoCodeDecider.initialState,
    });
    expect(snapshot).toEqual({
      posters: { p1: { name: 'Salah', category: 'FOOTBALL', imageUrl: 's.jpg', visible: true, deleted: false, variants: [{ variantId: 'v1', size: 'SIZE_20x30', price: 15000 }] } },
      products: { a1: { name: 'Frame', price: 9900, imageUrl: null, deleted: false } },
      customPrices: { SIZE_20x30: 15000, SIZE_30x40: 22000, SIZE_40x50: 30000, SIZE_50x70: 50000 },
      discounts: [{ discountId: 1, category: null, percentage: 10, active: true, startsOn: null, endsOn: null }],
      promo: null,
    });
  });

  it('keeps a deleted promo so pricing can say it was dropped', () => {
    const promo = evolveAll(promoCodeDecider, [
      { type: 'PromoCodeCreated', data: { code: 'EID', percentOff: 15, active: true } },
      { type: 'PromoCodeDeleted', data: { code: 'EID' } },
    ]);
    const snapshot = catalogueFromStates({ posters: [], products: [], customPricing, discounts, promo });
    expect(snapshot.promo).toEqual({ code: 'EID', percentOff: 15, active: false, deleted: true, rules: NO_PROMO_RULES });
  });
});
