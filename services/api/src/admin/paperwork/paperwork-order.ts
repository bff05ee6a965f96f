import { isolated, withoutBidiControls } from '#domain/shared/bidi-text.js';
import { customerDigits, type CustomerVoice } from '#domain/shared/customer-words.js';
import type { ShopLanguage } from '#domain/shared/shop-language.js';
import { governorateInfo, isGovernorate } from '#domain/shop-config.js';
import { cairoDateTime } from '../orders/orders-csv.js';
import type { AdminOrderView } from '../orders/order-response.js';

/** How a parcel left: filled once the SHIPPED move records them; absent before. */
export interface ShipmentDetails {
  courier?: string | null;
  trackingNumber?: string | null;
}

/** What a packing slip, a label or a manifest line reads of an order (money in EGP). */
export type PaperworkOrder = Pick<
  AdminOrderView,
  'orderNumber' | 'createdAt' | 'customerName' | 'phone' | 'addressLine' | 'building' | 'apartment' | 'city' | 'governorate' | 'notes' | 'paymentMethod' | 'total' | 'itemCount' | 'status'
> & {
  items: Array<Pick<AdminOrderView['items'][number], 'name' | 'size' | 'quantity'> & { kind?: string; nameAr?: string | null }>;
  /** The customer's language: their packing slip is written in it (absent: English). */
  language?: ShopLanguage;
} & ShipmentDetails;

/**
 * The order as paper prints it: every value a person typed (name, phone, city, notes, item names,
 * courier, tracking number) isolated, so whatever line it is put in, it is laid out on its own and
 * cannot turn its neighbours around. The street's parts are only cleaned here: paper isolates
 * each part whole, label included (`streetAddress(o, isolated)`). Codes the shop issues (order
 * number, sizes, governorate, payment method) stay as they are: the QR code and the labels read them.
 */
export function onPaper<T extends PaperworkOrder>(o: T): T {
  const optional = (v: string | null | undefined) => (v === null || v === undefined ? v : isolated(v));
  const cleaned = (v: string | null | undefined) => (v === null || v === undefined ? v : withoutBidiControls(v));
  return {
    ...o,
    customerName: isolated(o.customerName),
    phone: isolated(o.phone),
    addressLine: withoutBidiControls(o.addressLine),
    building: cleaned(o.building),
    apartment: cleaned(o.apartment),
    city: isolated(o.city),
    notes: optional(o.notes),
    courier: optional(o.courier),
    trackingNumber: optional(o.trackingNumber),
    items: o.items.map((item) => ({ ...item, name: isolated(item.name), ...(item.nameAr ? { nameAr: isolated(item.nameAr) } : {}) })),
  };
}

/** The cash the courier collects at the door: the total for cash on delivery, nothing for a paid order. */
export function amountToCollect(order: Pick<PaperworkOrder, 'paymentMethod' | 'total'>): number {
  return order.paymentMethod === 'COD' ? order.total : 0;
}

const EGP = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → "1,234.50 EGP". */
export function egp(amount: number): string {
  return `${EGP.format(amount)} EGP`;
}

const STREET_WORDS: Readonly<Record<ShopLanguage, { building: string; apartment: string; comma: string }>> = {
  en: { building: 'Building', apartment: 'Apt', comma: ', ' },
  ar: { building: 'مبنى', apartment: 'شقة', comma: '، ' },
};

/**
 * "12 Tahrir Street, Building 4, Apt 7" (or "شارع التحرير، مبنى ٤، شقة ٧" for an Arabic customer's
 * slip): the street part of the address. Paper writes each part with `isolated`, so "Building 4"
 * and "Apt 7" stay whole beside an Arabic street (a bare isolated "7" after "Apt" would be a
 * neutral the street's direction carries off).
 */
export function streetAddress(
  o: Pick<PaperworkOrder, 'addressLine' | 'building' | 'apartment'>,
  part: (text: string) => string = (text) => text,
  voice: CustomerVoice = { language: 'en', digits: 'latin' },
): string {
  const words = STREET_WORDS[voice.language];
  const numbered = (label: string, value: string) => `${label} ${customerDigits(value, voice)}`;
  return [o.addressLine, o.building && numbered(words.building, o.building), o.apartment && numbered(words.apartment, o.apartment)]
    .filter(Boolean)
    .map((text) => part(text as string))
    .join(words.comma);
}

/** "Cairo - القاهرة" for a known governorate (only "القاهرة" on an Arabic customer's paper), the code otherwise. */
export function governorateNames(code: string, language?: ShopLanguage): string {
  if (!isGovernorate(code)) return code;
  const info = governorateInfo(code);
  return language === 'ar' ? info.nameAr : `${info.nameEn} - ${info.nameAr}`;
}

/** SIZE_30x40 → 30x40; no size (an add-on) → "-". */
export function sizeLabel(size: string | null): string {
  return size ? size.replace(/^SIZE_/i, '') : '-';
}

export function placedOn(o: Pick<PaperworkOrder, 'createdAt'>): string {
  return cairoDateTime(o.createdAt).slice(0, 16);
}
