import { MAX_CART_LINES } from '../../../libs/domain/src/cart/cart-errors';
import { DEFAULT_SHOP_RULES } from '../../../libs/domain/src/shop-config';
import { errorMessage } from './api';
import type { Locale } from '../app/ui-slice';
import type { MessageKey } from './i18n';
import { formatMoney } from './money';
import { printFiguresOf, printVars } from './print-text';

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
  PROMO_CODE_NOT_STARTED: 'refusal.promoNotStarted',
  PROMO_CODE_ENDED: 'refusal.promoEnded',
  PROMO_CODE_MINIMUM_SUBTOTAL: 'refusal.promoMinimum',
  PROMO_CODE_CATEGORY: 'refusal.promoCategory',
  PROMO_CODE_USED_UP: 'refusal.promoUsedUp',
  PROMO_CODE_ALREADY_USED: 'refusal.promoAlreadyUsed',
  CHECKOUT_NOT_ACCEPTED: 'refusal.checkoutNotAccepted',
  CART_EMPTY: 'refusal.cartEmpty',
  CART_CHECKED_OUT: 'refusal.cartCheckedOut',
  CART_ITEM_NOT_FOUND: 'refusal.itemNotFound',
  POSTER_NOT_FOUND: 'refusal.posterUnavailable',
  POSTER_UNAVAILABLE: 'refusal.posterUnavailable',
  SIZE_UNAVAILABLE: 'refusal.sizeUnavailable',
  ADDON_NOT_FOUND: 'refusal.addOnUnavailable',
  PHOTO_TOO_SMALL_TO_PRINT: 'custom.printRefused',
};

/** The caps those messages name, from the rules the decider enforces. */
const VARS: Partial<Record<MessageKey, Record<string, number>>> = {
  'limits.cartTooManyLines': { max: MAX_CART_LINES },
  'limits.quantityTooHigh': { max: DEFAULT_SHOP_RULES.maxQuantityPerLine },
};

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** A shop day ('2026-12-01') as the shopper's language names it: '1 December', '١ ديسمبر'. */
function dayAndMonth(date: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const format = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG' : 'en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return format.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** The values a refusal named (params: a day, an amount in EGP, a category), said in the shopper's language. */
function paramVars(params: unknown, t: Translate, locale: Locale): Record<string, string> {
  if (!params || typeof params !== 'object') return {};
  const p = params as Record<string, unknown>;
  const print = printFiguresOf(p);
  const vars: Record<string, string> = print ? printVars(print, locale) : {};
  const date = p.startsOn ?? p.endsOn;
  if (typeof date === 'string') vars.date = dayAndMonth(date, locale);
  if (typeof p.minimum === 'number') vars.amount = formatMoney(p.minimum, locale);
  if (typeof p.category === 'string') vars.category = t(`category.${p.category}` as MessageKey);
  return vars;
}

/**
 * The refusal in the shopper's language when its code is known, else the server's text, else the
 * fallback. locale: how the values a refusal names (a date, an amount) are written.
 */
export function refusalText(error: unknown, t: Translate, fallback: string, locale: Locale = 'en'): string {
  const data = (error as { data?: { code?: unknown; params?: unknown } } | undefined)?.data;
  const code = data?.code;
  const key = typeof code === 'string' && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  return key ? t(key, { ...VARS[key], ...paramVars(data?.params, t, locale) }) : errorMessage(error, fallback);
}

/**
 * Why the cart's promo code no longer applies, in the shopper's language: the cart answers the
 * refusal's code and values (promoDropped), the same ones applying the code is refused with.
 */
export function promoDroppedText(dropped: { reason: string; message: string; params?: unknown }, t: Translate, locale: Locale = 'en'): string {
  return refusalText({ data: { code: dropped.reason, params: dropped.params } }, t, dropped.message, locale);
}
