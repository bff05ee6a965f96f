/**
 * What a message's placeholders say about one order, in the order's language: Egyptian money in
 * Arabic ('١٬٢٣٤٫٠٠ ج.م.') or 'LE 1,234.00', one line per order line, the payment method in words.
 */
import type { OrderPlaced } from '../order/events.js';
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
    return `${quantity} × ${item.name}${size}: ${messageMoney(item.lineTotal, language)}`;
  });
  return {
    firstName: order.customer.firstName,
    orderNumber: order.orderNumber,
    lines: lines.join('\n'),
    total: messageMoney(order.totals.total, language),
    paymentMethod: PAYMENT[language][order.paymentMethod] ?? order.paymentMethod,
    shopName: SHOP_NAME[language],
    tracking: trackingUrl ? TRACKING[language](trackingUrl) : '',
  };
}
