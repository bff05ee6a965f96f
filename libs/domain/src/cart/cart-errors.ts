/** Cart refusals, with the texts the storefront shows. */
import { DomainError } from '../shared/domain-error.js';
import { DEFAULT_SHOP_RULES } from '../shop-config.js';

/**
 * Lines one cart may hold. A shopper's wall of posters is a few dozen at most; without a cap a
 * script could grow one cart (and every read of it) without end. Quantity per line has its cap
 * in the shop rules (maxQuantityPerLine).
 */
export const MAX_CART_LINES = 50;

export const CART_MESSAGES = {
  checkedOut: 'Cart was already checked out',
  quantityTooLow: 'Quantity must be at least 1.',
  quantityTooHigh: `Quantity cannot be more than ${DEFAULT_SHOP_RULES.maxQuantityPerLine}.`,
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} different items. Please remove one or raise the quantity of an item already in the cart.`,
  selectSize: 'Please select a size',
  selectPosterSize: 'Please select a poster size.',
  invalidSize: 'Please select a valid size',
  sizeUnavailable: 'The selected size is no longer available',
  posterUnavailable: 'Poster information is not available',
  posterNotFound: 'Poster not found',
  addOnNotFound: 'Add-on not found',
  imageRequired: 'Please select an image to upload.',
  itemNotFound: 'Item not found in cart',
  addOnHasNoSize: 'Add-ons have no size',
  promoRequired: 'Please enter a promo code',
  promoInvalid: 'Invalid promo code',
  promoInactive: 'This promo code is no longer active',
  invalidPaymentMethod: 'Payment method must be COD or ONLINE',
} as const;

export const cartErrors = {
  checkedOut: () => DomainError.conflict('CART_CHECKED_OUT', CART_MESSAGES.checkedOut),
  itemNotFound: () => DomainError.notFound('CART_ITEM_NOT_FOUND', CART_MESSAGES.itemNotFound),
  sizeUnavailable: () => DomainError.validation('SIZE_UNAVAILABLE', CART_MESSAGES.sizeUnavailable),
  posterUnavailable: () => DomainError.validation('POSTER_UNAVAILABLE', CART_MESSAGES.posterUnavailable),
};
