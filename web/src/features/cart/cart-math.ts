import type { CartView } from '../../api/generated-public';

/** What the cache holds after a checkout, until the next command starts a new cart. */
export const EMPTY_CART: CartView = {
  cartId: '',
  checkedOut: false,
  items: [],
  priceRules: [],
  itemCount: 0,
  posterCount: 0,
  subtotal: 0,
  discountFromPromotions: 0,
  promoCode: null,
  promoDiscount: 0,
  discountFromPromoCode: 0,
  promoMessage: null,
  promoDropped: null,
  governorate: null,
  shippingCost: 0,
  shipping: 0,
  freeShipping: false,
  amountToFreeShipping: 0,
  freeShippingThreshold: 0,
  paymentMethod: 'COD',
  codFee: 0,
  taxRate: 0,
  taxAmount: 0,
  total: 0,
  originalTotal: 0,
};

export const round2 = (n: number) => Math.round(n * 100) / 100;
