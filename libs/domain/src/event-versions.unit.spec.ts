import { currentSchemaVersion, upcastEventData } from './event-versions.js';
import type { OrderPlaced } from './order/events.js';
import type { OrderPlacedDataV1 } from './order/upcasters.js';
import type { CartCheckedOut } from './cart/events.js';

const v1Order: OrderPlacedDataV1 = {
  orderId: 'o1',
  orderNumber: 'PS-AAAA-BBBB',
  cartId: 'c1',
  placedAt: '2026-03-01T10:00:00.000Z',
  customer: {
    firstName: 'Mona', lastName: 'Adel', phone: '01012345678', email: null, addressLine: '1 Nile St', building: '4', apartment: '7',
    city: 'Zamalek', governorate: 'CAIRO', latitude: 30, longitude: 31, notes: null,
  },
  paymentMethod: 'COD',
  promoCode: 'FOLLOW10',
  promoPercent: 10,
  items: [
    { itemId: 'i1', kind: 'poster', posterId: 'p1', productId: null, variantId: 'v1', name: 'Totoro', category: 'ANIME', imageUrl: null, customImagePath: null, size: 'SIZE_50x70', quantity: 4, unitPrice: 35700, originalUnitPrice: 42000, discountPercentage: 15, lineTotal: 142800 },
    { itemId: 'i2', kind: 'addon', posterId: null, productId: 'a1', variantId: null, name: 'Frame', category: null, imageUrl: null, customImagePath: null, size: null, quantity: 1, unitPrice: 9900, originalUnitPrice: 9900, discountPercentage: 0, lineTotal: 9900 },
  ],
  totals: { subtotal: 177900, discountFromPromotions: 25200, discountFromPromoCode: 15270, shippingCost: 0, codFee: 2000, taxAmount: 16880, total: 139430 },
};

describe('event versions', () => {
  it('OrderPlaced, CartCheckedOut and status changes are at schema 3, the staff\'s other order events at 2; types that never changed are at 1', () => {
    expect(currentSchemaVersion('OrderPlaced')).toBe(3);
    expect(currentSchemaVersion('CartCheckedOut')).toBe(3);
    expect(currentSchemaVersion('OrderStatusChanged')).toBe(3);
    expect(currentSchemaVersion('PersonalDataCorrected')).toBe(2);
    expect(currentSchemaVersion('ItemAddedToCart')).toBe(1);
    expect(currentSchemaVersion('SomethingUnknown')).toBe(1);
  });

  it('upcasts a schema-1 OrderPlaced: each line gets its rules, the order its free shipping', () => {
    const { data, schemaVersion } = upcastEventData('OrderPlaced', 1, v1Order);
    const order = data as OrderPlaced['data'];
    expect(schemaVersion).toBe(3);
    expect(order.items[0].priceRules).toEqual([
      { rule: 'BASE_PRICE', unitPrice: 42000 },
      { rule: 'CATEGORY_DISCOUNT', percent: 15, category: 'ANIME' },
      { rule: 'PROMO_CODE', code: 'FOLLOW10', percent: 10 },
    ]);
    expect(order.items[1].priceRules).toEqual([{ rule: 'BASE_PRICE', unitPrice: 9900 }, { rule: 'PROMO_CODE', code: 'FOLLOW10', percent: 10 }]);
    expect(order.priceRules).toEqual([{ rule: 'FREE_SHIPPING', threshold: 149900 }]);
    expect(order.totals).toEqual(v1Order.totals);
  });

  it('a schema-1 order that paid shipping records no free shipping', () => {
    const paid = { ...v1Order, totals: { ...v1Order.totals, shippingCost: 6000 } };
    expect((upcastEventData('OrderPlaced', 1, paid).data as OrderPlaced['data']).priceRules).toEqual([]);
  });

  it('treats a missing version as schema 1', () => {
    expect(upcastEventData('OrderPlaced', undefined, v1Order).schemaVersion).toBe(3);
  });

  it('leaves current data as it is (the same object), and a newer unknown version alone', () => {
    const current = upcastEventData('OrderPlaced', 1, v1Order).data;
    expect(upcastEventData('OrderPlaced', 3, current).data).toBe(current);
    expect(upcastEventData('OrderPlaced', 4, v1Order)).toEqual({ data: v1Order, schemaVersion: 4 });
    const added = { itemId: 'i1' };
    expect(upcastEventData('ItemAddedToCart', 1, added).data).toBe(added);
  });

  it('a schema-2 order, written before the checkout recorded its language, reads as English; a recorded language stays', () => {
    const v2 = upcastEventData('OrderPlaced', 1, v1Order).data as OrderPlaced['data'];
    const { language: _recorded, ...withoutLanguage } = v2;
    expect((upcastEventData('OrderPlaced', 2, withoutLanguage).data as OrderPlaced['data']).language).toBe('en');
    expect((upcastEventData('OrderPlaced', 3, { ...v2, language: 'ar' }).data as OrderPlaced['data']).language).toBe('ar');
    const checkout = upcastEventData('CartCheckedOut', 2, { orderId: 'o1', orderNumber: 'N', order: withoutLanguage }).data as CartCheckedOut['data'];
    expect(checkout.order?.language).toBe('en');
  });

  it('upcasts the order inside a schema-1 CartCheckedOut, and one that recorded no order stays without', () => {
    const withOrder = upcastEventData('CartCheckedOut', 1, { orderId: 'o1', orderNumber: 'PS-AAAA-BBBB', order: v1Order }).data as CartCheckedOut['data'];
    expect(withOrder.order?.items[0].priceRules).toHaveLength(3);
    expect(upcastEventData('CartCheckedOut', 1, { orderId: 'o1', orderNumber: 'N' }).data).toEqual({ orderId: 'o1', orderNumber: 'N' });
  });

  it('add-on products and the announcement are at schema 2; gallery images, which only gained fields, at 1', () => {
    expect(currentSchemaVersion('ProductCreated')).toBe(2);
    expect(currentSchemaVersion('ProductUpdated')).toBe(2);
    expect(currentSchemaVersion('AnnouncementChanged')).toBe(2);
    expect(currentSchemaVersion('GalleryImageAdded')).toBe(1);
  });

  const v1Product = { productId: 'a1', name: 'Black frame', description: 'Wooden frame', price: 9900, imageUrl: null };
  it.each([
    ['English name and description stay the default wording', v1Product, v1Product],
    ['an Arabic name is the Arabic name', { ...v1Product, name: 'برواز أسود' }, { ...v1Product, name: '', nameAr: 'برواز أسود' }],
    [
      'Arabic name and description are the Arabic wording',
      { ...v1Product, name: 'برواز أسود', description: 'برواز خشب 30x40' },
      { ...v1Product, name: '', nameAr: 'برواز أسود', description: '', descriptionAr: 'برواز خشب 30x40' },
    ],
    ['a name mixing scripts holds Arabic letters: Arabic', { ...v1Product, name: 'Frame برواز' }, { ...v1Product, name: '', nameAr: 'Frame برواز' }],
    ['Arabic-Indic digits alone are no Arabic letters', { ...v1Product, name: 'Frame ٣٠' }, { ...v1Product, name: 'Frame ٣٠' }],
    [
      'data already in the new shape is left as written',
      { ...v1Product, name: 'برواز', nameAr: 'برواز أسود' },
      { ...v1Product, name: 'برواز', nameAr: 'برواز أسود' },
    ],
  ])('a schema-1 add-on: %s', (_case, v1, v2) => {
    for (const type of ['ProductCreated', 'ProductUpdated']) {
      expect(upcastEventData(type, 1, v1)).toEqual({ data: v2, schemaVersion: 2 });
    }
  });

  const v1Poster = { posterId: 'p1', name: 'Old Alexandria', description: 'A map of 1950', category: 'Cities', imageUrl: 'posters/p1.jpg', visible: true, variants: [] };
  it.each([
    ['English wording stays the default', v1Poster, v1Poster],
    [
      'an Arabic name is the Arabic name and, required, stays the default until an English one is written',
      { ...v1Poster, name: 'خريطة الإسكندرية' },
      { ...v1Poster, name: 'خريطة الإسكندرية', nameAr: 'خريطة الإسكندرية' },
    ],
    [
      'an Arabic description moves to the Arabic wording',
      { ...v1Poster, description: 'خريطة من ١٩٥٠' },
      { ...v1Poster, description: '', descriptionAr: 'خريطة من ١٩٥٠' },
    ],
    ['data already in the new shape is left as written', { ...v1Poster, name: 'خريطة', nameAr: 'خريطة قديمة' }, { ...v1Poster, name: 'خريطة', nameAr: 'خريطة قديمة' }],
  ])('a schema-1 poster: %s', (_case, v1, v2) => {
    expect(upcastEventData('PosterCreated', 1, v1)).toEqual({ data: v2, schemaVersion: 2 });
  });

  it('a schema-1 change of a poster splits only the fields it carries', () => {
    expect(upcastEventData('PosterDetailsChanged', 1, { posterId: 'p1', description: 'وصف' }).data).toEqual({ posterId: 'p1', description: '', descriptionAr: 'وصف' });
    expect(upcastEventData('PosterDetailsChanged', 1, { posterId: 'p1', category: 'Cities' }).data).toEqual({ posterId: 'p1', category: 'Cities' });
    expect(currentSchemaVersion('PosterCreated')).toBe(2);
    expect(currentSchemaVersion('PosterDetailsChanged')).toBe(2);
  });

  it.each([
    ['Free shipping this week', { text: 'Free shipping this week' }],
    ['شحن مجاني هذا الأسبوع', { text: '', textAr: 'شحن مجاني هذا الأسبوع' }],
    ['', { text: '' }],
  ])('a schema-1 announcement %j reads as the language its script says', (text, v2) => {
    expect(upcastEventData('AnnouncementChanged', 1, { text })).toEqual({ data: v2, schemaVersion: 2 });
    expect(upcastEventData('AnnouncementChanged', 2, { text }).data).toEqual({ text });
  });

  it('never throws on data it did not write: a partial or odd v1 event reads as it is', () => {
    for (const odd of [null, 'text', 7, {}, { items: 'none' }, { items: [null], totals: {} }, { items: [], totals: null }]) {
      expect(upcastEventData('OrderPlaced', 1, odd).data).toEqual(odd);
    }
    expect(upcastEventData('CartCheckedOut', 1, null).data).toBeNull();
    for (const odd of [null, 'text', 7, {}, { name: 7 }]) {
      expect(upcastEventData('ProductCreated', 1, odd).data).toEqual(odd);
      expect(upcastEventData('AnnouncementChanged', 1, odd).data).toEqual(odd);
    }
    expect(upcastEventData('CartCheckedOut', 1, { orderId: 'o1', order: { items: 1 } }).data).toEqual({ orderId: 'o1', order: { items: 1 } });
  });

  it('names the author of a schema-1 status change or correction from its metadata, with the role it never recorded', () => {
    const moved = { orderId: 'o1', orderNumber: 'PS-AAAA-BBBB', from: 'PLACED', to: 'CONFIRMED', reason: null };
    const byAdmin = { correlationId: 'c', actor: { kind: 'admin', id: 'sara.agent' }, occurredAt: '2026-03-01T10:00:00.000Z' };
    const { data, schemaVersion } = upcastEventData('OrderStatusChanged', 1, moved, byAdmin);
    expect(schemaVersion).toBe(3);
    expect(data).toEqual({ ...moved, by: { username: 'sara.agent', role: 'unknown' }, courier: null, trackingNumber: null });
    const corrected = { orderId: 'o1', orderNumber: 'PS-AAAA-BBBB', phone: '01012345678', fields: ['city'], before: { city: 'Giza' }, after: { city: 'Cairo' } };
    expect((upcastEventData('PersonalDataCorrected', undefined, corrected, byAdmin).data as { by: unknown }).by).toEqual({ username: 'sara.agent', role: 'unknown' });
    // Not an admin's, or no metadata at all: nobody is named.
    for (const metadata of [{ actor: { kind: 'system', id: 'seed' } }, undefined, { actor: { kind: 'admin', id: '' } }]) {
      expect((upcastEventData('OrderStatusChanged', 1, moved, metadata).data as { by: unknown }).by).toEqual({ username: 'unknown', role: 'unknown' });
    }
    // A schema-2 event keeps the role it recorded, and names no courier.
    const v2 = { ...moved, by: { username: 'sara.agent', role: 'agent' } };
    expect(upcastEventData('OrderStatusChanged', 2, v2, byAdmin).data).toEqual({ ...v2, courier: null, trackingNumber: null });
    const current = { ...v2, courier: { courierId: 'k1', name: 'Bosta' }, trackingNumber: 'B1' };
    expect(upcastEventData('OrderStatusChanged', 3, current, byAdmin).data).toBe(current);
    expect(upcastEventData('OrderStatusChanged', 1, null, byAdmin).data).toBeNull();
  });
});
