import { MAX_CART_LINES } from '../../../libs/domain/src/cart/cart-errors';
import { DEFAULT_SHOP_RULES } from '../../../libs/domain/src/shop-config';
import { errorMessage } from './api';
import type { MessageKey } from './i18n';

/** Server refusals the storefront says in the shopper's language, by the stable code the API sends. */
const BY_CODE: Readonly<Record<string, MessageKey>> = {
  CART_BUDGET_EXCEEDED: 'limits.cartBusy',
  CHECKOUT_BUDGET_EXCEEDED: 'limits.checkoutBusy',
  UPLOAD_BUDGET_EXCEEDED: 'limits.uploadBusy',
  CART_TOO_MANY_LINES: 'limits.cartTooManyLines',
  QUANTITY_TOO_HIGH: 'limits.quantityTooHigh',
  INVALID_QUANTITY: 'refusal.quantityTooLow',
  PROMO_CODE_REQUIRED: 'refusal.promoRequired',
  PROMO_CODE_INVALID: 'refusal.promoInvalid',
  PROMO_CODE_INACTIVE: 'refusal.promoInactive',
  CART_EMPTY: 'refusal.cartEmpty',
  CART_CHECKED_OUT: 'refusal.cartCheckedOut',
  CART_ITEM_NOT_FOUND: 'refusal.itemNotFound',
  POSTER_NOT_FOUND: 'refusal.posterUnavailable',
  POSTER_UNAVAILABLE: 'refusal.posterUnavailable',
  SIZE_UNAVAILABLE: 'refusal.sizeUnavailable',
  ADDON_NOT_FOUND: 'refusal.addOnUnavailable',
};

/** The caps those messages name, from the rules the decider enforces. */
const VARS: Partial<Record<MessageKey, Record<string, number>>> = {
  'limits.cartTooManyLines': { max: MAX_CART_LINES },
  'limits.quantityTooHigh': { max: DEFAULT_SHOP_RULES.maxQuantityPerLine },
};

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The refusal in the shopper's language when its code is known, else the server's text, else the fallback. */
export function refusalText(error: unknown, t: Translate, fallback: string): string {
  const code = (error as { data?: { code?: unknown } } | undefined)?.data?.code;
  const key = typeof code === 'string' && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  return key ? t(key, VARS[key]) : errorMessage(error, fallback);
}
