/**
 * What a message's placeholders say about one order, in the order's language (customer-words.ts):
 * Egyptian money in Arabic ('١٬٢٣٤٫٠٠ ج.م.') or 'LE 1,234.00', one line per order line with the
 * item's name and size in that language, the payment method in words, numbers in the shop's digits.
 * Each value is isolated (bidi-text.ts): an Arabic name in an English sentence, or a Latin poster
 * name in an Arabic one, is laid out on its own and cannot turn the words around it, and a stored
 * override character is dropped. The tracking link is the exception: phones and mail readers
 * take an invisible character after a link into the link, so it is left bare at the end of its
 * line, where it has no neighbour to reorder (the shop builds it from an https template and a
 * percent-encoded tracking number), only cleaned of controls a courier's template might hold.
 */
import type { OrderPlaced } from '../order/events.js';
import { isolated, withoutBidiControls } from '../shared/bidi-text.js';
import type { PaymentMethod } from '../shop-config.js';
import type { ShopLanguage } from '../shared/shop-language.js';
import {
  customerItemName, customerMoney, customerNumber, customerSize, DEFAULT_ARABIC_DIGITS, SHOP_NAMES, type ArabicDigits, type CustomerVoice,
} from '../shared/customer-words.js';
import type { MessageValues } from './message-template.js';

const PAYMENT: Readonly<Record<ShopLanguage, Record<PaymentMethod, string>>> = {
  en: { COD: 'cash on delivery', ONLINE: 'paid online' },
  ar: { COD: 'الدفع عند الاستلام', ONLINE: 'مدفوع أونلاين' },
};


const TRACKING: Readonly<Record<ShopLanguage, (url: string) => string>> = {
  en: (url) => `\nTrack your parcel: ${url}`,
  ar: (url) => `\nتتبّع شحنتك: ${url}`,
};

/**
 * trackingUrl: the courier's page for the parcel, when its courier has a tracking link.
 * digits: how Arabic messages write their numbers (the shop's ARABIC_DIGITS).
 */
export function orderMessageValues(
  order: Pick<OrderPlaced['data'], 'orderNumber' | 'customer' | 'items' | 'totals' | 'paymentMethod' | 'language'>,
  trackingUrl: string | null = null,
  digits: ArabicDigits = DEFAULT_ARABIC_DIGITS,
): MessageValues {
  const language = order.language;
  const voice: CustomerVoice = { language, digits };
  const lines = order.items.map((item) => {
    const size = item.size ? ` (${customerSize(item.size, voice)})` : '';
    return `${customerNumber(item.quantity, voice)} × ${isolated(`${customerItemName(item, language)}${size}`)}: ${isolated(customerMoney(item.lineTotal / 100, voice))}`;
  });
  return {
    firstName: isolated(order.customer.firstName),
    orderNumber: isolated(order.orderNumber),
    lines: lines.join('\n'),
    total: isolated(customerMoney(order.totals.total / 100, voice)),
    paymentMethod: isolated(PAYMENT[language][order.paymentMethod] ?? order.paymentMethod),
    shopName: isolated(SHOP_NAMES[language]),
    tracking: trackingUrl ? TRACKING[language](withoutBidiControls(trackingUrl)) : '',
  };
}
