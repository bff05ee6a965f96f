/** The storefront's two languages; an order records the one its shopper checked out in. */
export const SHOP_LANGUAGES = ['en', 'ar'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];

/** The storefront's own default (a visitor who never chose sees English), and so the language of orders that did not say. */
export const DEFAULT_SHOP_LANGUAGE: ShopLanguage = 'en';

export function isShopLanguage(value: unknown): value is ShopLanguage {
  return typeof value === 'string' && (SHOP_LANGUAGES as readonly string[]).includes(value);
}
