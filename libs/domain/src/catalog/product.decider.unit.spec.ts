import { given } from '../testing/given-when-then.js';
import type { ProductCreated } from './events.js';
import { productDecider } from './product.decider.js';

const created: ProductCreated = {
  type: 'ProductCreated',
  data: { productId: 'a1', name: 'Black frame', description: 'Wooden frame', nameAr: '', descriptionAr: '', price: 9900, imageUrl: null },
};
const deleted = { type: 'ProductDeleted', data: { productId: 'a1' } } as const;

describe('product decider', () => {
  it('creates an add-on with a trimmed name and a blank image stored as null', () => {
    given(productDecider)
      .when({ type: 'CreateProduct', data: { productId: 'a1', name: ' Black frame ', description: 'Wooden frame', price: 9900, imageUrl: '' } })
      .then([created]);
  });

  it.each([
    ['name', { name: '' }],
    ['description', { description: '  ' }],
    ['zero price', { price: 0 }],
    ['fractional piastres', { price: 99.5 }],
  ])('refuses a missing or invalid %s', (_label, patch) => {
    const error = given(productDecider)
      .when({ type: 'CreateProduct', data: { ...created.data, ...patch } })
      .thenThrows('PRODUCT_REQUIRED_FIELDS', 'validation');
    expect(error.message).toBe('Please fill in all required fields');
  });

  it('refuses creating the same product twice', () => {
    given(productDecider, [created]).when({ type: 'CreateProduct', data: created.data }).thenThrows('PRODUCT_EXISTS', 'conflict');
  });

  it('updates the whole product and keeps the image when none is sent', () => {
    given(productDecider, [{ ...created, data: { ...created.data, imageUrl: 'addons/frame.jpg' } }])
      .when({ type: 'UpdateProduct', data: { productId: 'a1', name: 'Frame', description: 'Wooden frame', price: 12000 } })
      .then([
        {
          type: 'ProductUpdated',
          data: { productId: 'a1', name: 'Frame', description: 'Wooden frame', nameAr: '', descriptionAr: '', price: 12000, imageUrl: 'addons/frame.jpg' },
        },
      ]);
  });

  it('an update with the same values changes nothing', () => {
    given(productDecider, [created]).when({ type: 'UpdateProduct', data: { ...created.data } }).then([]);
  });

  it('refuses updating or deleting an unknown or deleted product', () => {
    given(productDecider).when({ type: 'UpdateProduct', data: created.data }).thenThrows('PRODUCT_NOT_FOUND', 'not_found');
    given(productDecider, [created, deleted]).when({ type: 'UpdateProduct', data: created.data }).thenThrows('PRODUCT_NOT_FOUND');
    given(productDecider).when({ type: 'DeleteProduct', data: { productId: 'a1' } }).thenThrows('PRODUCT_NOT_FOUND');
    given(productDecider, [created, deleted]).when({ type: 'DeleteProduct', data: { productId: 'a1' } }).thenThrows('PRODUCT_NOT_FOUND');
  });

  describe('Arabic wording', () => {
    const arabic = { nameAr: ' برواز أسود ', descriptionAr: 'برواز خشب' };
    it('keeps the Arabic name and description beside the default ones, trimmed', () => {
      given(productDecider)
        .when({ type: 'CreateProduct', data: { ...created.data, ...arabic } })
        .then([{ ...created, data: { ...created.data, nameAr: 'برواز أسود', descriptionAr: 'برواز خشب' } }]);
    });

    it('one language is enough for each of name and description, none is refused', () => {
      const onlyArabic = { ...created.data, name: '', description: ' ', ...arabic };
      given(productDecider)
        .when({ type: 'CreateProduct', data: onlyArabic })
        .then([{ ...created, data: { ...created.data, name: '', description: '', nameAr: 'برواز أسود', descriptionAr: 'برواز خشب' } }]);
      given(productDecider)
        .when({ type: 'CreateProduct', data: { ...onlyArabic, nameAr: '  ' } })
        .thenThrows('PRODUCT_REQUIRED_FIELDS', 'validation');
      given(productDecider)
        .when({ type: 'CreateProduct', data: { ...created.data, description: '', descriptionAr: '' } })
        .thenThrows('PRODUCT_REQUIRED_FIELDS', 'validation');
    });

    it('an update without the Arabic fields keeps them; an empty one clears it', () => {
      const withArabic = { ...created, data: { ...created.data, nameAr: 'برواز أسود', descriptionAr: 'برواز خشب' } };
      given(productDecider, [withArabic])
        .when({ type: 'UpdateProduct', data: { productId: 'a1', name: 'Black frame', description: 'Wooden frame', price: 9900 } })
        .then([]);
      given(productDecider, [withArabic])
        .when({ type: 'UpdateProduct', data: { productId: 'a1', name: 'Black frame', description: 'Wooden frame', nameAr: '', price: 9900 } })
        .then([{ type: 'ProductUpdated', data: { ...withArabic.data, nameAr: '' } }]);
    });

    it('an update may not leave the product without a name in either language', () => {
      given(productDecider, [created])
        .when({ type: 'UpdateProduct', data: { productId: 'a1', name: ' ', description: 'Wooden frame', price: 9900 } })
        .thenThrows('PRODUCT_REQUIRED_FIELDS', 'validation');
    });
  });

  it('deletes a product', () => {
    given(productDecider, [created]).when({ type: 'DeleteProduct', data: { productId: 'a1' } }).then([deleted]);
  });
});
