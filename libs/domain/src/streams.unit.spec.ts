import {
  adminStream,
  announcementStream,
  cartStream,
  customPricingStream,
  discountsStream,
  galleryStream,
  newsletterStream,
  orderNumberStream,
  orderStream,
  parseStreamName,
  posterStream,
  productStream,
  promoStream,
  snapshotStream,
  subscriberStream,
} from './streams.js';

describe('stream names', () => {
  it('follows the catalogue', () => {
    expect(posterStream('p1')).toBe('poster-p1');
    expect(productStream('a1')).toBe('product-a1');
    expect(customPricingStream()).toBe('custompricing');
    expect(discountsStream()).toBe('discounts');
    expect(promoStream(' welcome10 ')).toBe('promo-WELCOME10');
    expect(announcementStream()).toBe('announcement');
    expect(galleryStream()).toBe('gallery');
    expect(newsletterStream()).toBe('newsletter');
    expect(adminStream('admin')).toBe('admin-admin');
    expect(cartStream('1b2c-3d')).toBe('cart-1b2c-3d');
    expect(orderStream('o-1')).toBe('order-o-1');
    expect(orderNumberStream('ps-7kq4-m2xd')).toBe('ordernumber-PS-7KQ4-M2XD');
  });

  it('refuses an empty id', () => {
    expect(() => cartStream('')).toThrow();
  });

  it('parses ids containing dashes and singletons', () => {
    expect(parseStreamName('cart-6f1c3d2a-8b4e-5a7f')).toEqual({ category: 'cart', id: '6f1c3d2a-8b4e-5a7f' });
    expect(parseStreamName('ordernumber-PS-7KQ4-M2XD')).toEqual({ category: 'ordernumber', id: 'PS-7KQ4-M2XD' });
    expect(parseStreamName('discounts')).toEqual({ category: 'discounts', id: null });
  });

  it('rejects unknown categories, missing ids and singletons with ids', () => {
    expect(parseStreamName('basket-1')).toBeUndefined();
    expect(parseStreamName('cart-')).toBeUndefined();
    expect(parseStreamName('cart')).toBeUndefined();
    expect(parseStreamName('gallery-1')).toBeUndefined();
  });
});

describe('snapshot and subscriber streams', () => {
  it('names a snapshot stream after the stream it folds, and a subscriber by id', () => {
    expect(snapshotStream('poster-p1')).toBe('snapshot-poster-p1');
    expect(parseStreamName(snapshotStream('discounts'))).toEqual({ category: 'snapshot', id: 'discounts' });
    expect(subscriberStream('s1')).toBe('subscriber-s1');
  });
});
