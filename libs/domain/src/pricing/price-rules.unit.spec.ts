import { addOnAdded, cartWith, catalogue, line, posterAdded } from '../testing/fixtures.js';
import { priceCart } from './price-cart.js';

const salah2 = line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2)); // 2 × 150.00, FOOTBALL
const anime1 = line(posterAdded('i2', 'anime', 'anime-50x70', 'SIZE_50x70', 1)); // 1 × 420.00, ANIME
const frame1 = line(addOnAdded('a1', 'frame', 1)); // 1 × 99.00

describe('why this price: the rules priceCart records per line', () => {
  it('a line with no discount is priced by its base price alone', () => {
    const [l] = priceCart(cartWith([salah2]), catalogue()).lines;
    expect(l.priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 15000 }]);
  });

  it('names the category discount that won, and the shop-wide one where the category has none', () => {
    const discounts = [
      { discountId: 1, category: 'ANIME', percentage: 15, active: true },
      { discountId: 2, category: null, percentage: 5, active: true },
    ];
    const [salah, anime, frame] = priceCart(cartWith([salah2, anime1, frame1]), catalogue({ discounts })).lines;
    expect(anime.priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 42000 }, { rule: 'CATEGORY_DISCOUNT', percent: 15, category: 'ANIME' }]);
    expect(salah.priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 15000 }, { rule: 'CATEGORY_DISCOUNT', percent: 5, category: null }]);
    expect(frame.priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 9900 }, { rule: 'CATEGORY_DISCOUNT', percent: 5, category: null }]);
  });

  it('on a tie names the category\'s own discount, the more specific reason', () => {
    const discounts = [
      { discountId: 1, category: null, percentage: 10, active: true },
      { discountId: 2, category: 'ANIME', percentage: 10, active: true },
    ];
    const [anime] = priceCart(cartWith([anime1]), catalogue({ discounts })).lines;
    expect(anime.priceRules[1]).toEqual({ rule: 'CATEGORY_DISCOUNT', percent: 10, category: 'ANIME' });
  });

  it('adds the promo code to every line it discounts, and not when it was dropped', () => {
    const promo = { code: 'FOLLOW10', percentOff: 10, active: true, deleted: false };
    const priced = priceCart(cartWith([salah2], { promoCode: 'FOLLOW10' }), catalogue({ promo }));
    expect(priced.lines[0].priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 15000 }, { rule: 'PROMO_CODE', code: 'FOLLOW10', percent: 10 }]);
    const dropped = priceCart(cartWith([salah2], { promoCode: 'FOLLOW10' }), catalogue({ promo: { ...promo, active: false } }));
    expect(dropped.lines[0].priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 15000 }]);
  });

  it('records free shipping for the cart from the threshold (at catalogue price), not below it', () => {
    const big = line(posterAdded('i3', 'anime', 'anime-50x70', 'SIZE_50x70', 4)); // 1,680.00
    expect(priceCart(cartWith([big]), catalogue(), { governorate: 'CAIRO' }).priceRules).toEqual([{ rule: 'FREE_SHIPPING', threshold: 149900 }]);
    expect(priceCart(cartWith([salah2]), catalogue(), { governorate: 'CAIRO' }).priceRules).toEqual([]);
    expect(priceCart(cartWith([]), catalogue()).priceRules).toEqual([]);
  });

  it('an unavailable line names no rule: it is not priced', () => {
    const gone = line(posterAdded('i9', 'missing', 'x', 'SIZE_20x30', 1));
    expect(priceCart(cartWith([gone]), catalogue()).lines[0].priceRules).toEqual([]);
  });
});
