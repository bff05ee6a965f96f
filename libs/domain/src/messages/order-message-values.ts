/**
 * What a message's placeholders say about one order, in the order's language: Egyptian money in
 * Arabic ('١٬٢٣٤٫٠٠ ج.م.') or 'LE 1,234.00', one line per order line, the payment method in words.
 * Each value is isolated (bidi-text.ts): an Arabic name in an English sentence, or a Latin poster
 * name in an Arabic one, is laid out on its own and cannot turn the words around it, and a stored
 * override character is dropped. The tracking link is the exception: phones and mail readers
 * take an invisible character after a link into the link, so it is left bare at the end of its
 * line, where it has no neighbour to reorder (the shop builds it from an https template and a
 * percent-encoded tracking number), only cleaned of controls a courier's template might hold.
 */
import type { OrderPlaced } from '../order/events.js';
import { isolated, withoutBidiControls } from '../shared/bidi-text.js';
import { SIZE_LABELS, type PaymentMethod } from '../shop-config.js';
import type { ShopLanguage } from '../shared/shop-language.js';
import type { MessageValues } from './message-template.js';

export const SHOP_NAME: Readonly<Record<ShopLanguage, string>> = { en: 'Poster Shop', ar: 'متجر البوسترات' };

const PAYMENT: Readonly<Record<ShopLanguage, Record<PaymentMethod, string>>> = {
  en: { COD: 'cash on delivery', ONLINE: 'paid online' },
  ar: { COD: 'الدفع عند الاستلام', ONLINE: 'مدفوع أونلاين' },
};

const english = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const arabic = new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const arabicCount = new Intl.NumberFormat('ar-EG');

export function messageMoney(piastres: number, language: ShopLanguage): string {
  const egp = piastres / 100;
  return language === 'ar' ? arabic.format(egp) : `LE ${english.format(egp)}`;
}

const TRACKING: Readonly<Record<ShopLanguage, (url: string) => string>> = {
  en: (url) => `\nTrack your parcel: ${url}`,
  ar: (url) => `\nتتبّع شحنتك: ${url}`,
};

/** trackingUrl: the courier's page for the parcel, when its courier has a tracking link. */
export function orderMessageValues(
  order: Pick<OrderPlaced['data'], 'orderNumber' | 'customer' | 'items' | 'totals' | 'paymentMethod' | 'language'>,
  trackingUrl: string | null = null,
): MessageValues {
  const language = order.language;
  const lines = order.items.map((item) => {
    const size = item.size ? ` (${SIZE_LABELS[item.size] ?? item.size})` : '';
    const quantity = language === 'ar' ? arabicCount.format(item.quantity) : String(item.quantity);
    return `${quantity} × ${isolated(`${item.name}${size}`)}: ${isolated(messageMoney(item.lineTotal, language))}`;
  });
  return {
    firstName: isolated(order.customer.firstName),
    orderNumber: isolated(order.orderNumber),
    lines: lines.join('\n'),
    total: isolated(messageMoney(order.totals.total, language)),
    paymentMethod: isolated(PAYMENT[language][order.paymentMethod] ?? order.paymentMethod),
    shopName: isolated(SHOP_NAME[language]),
    tracking: trackingUrl ? TRACKING[language](withoutBidiControls(trackingUrl)) : '',
  };
}
