/**
 * OrderPlaced schema 1 → 2. Schema 1 did not record which rules priced a line; everything they
 * need is in the event, so the upcaster derives them. Two documented defaults: a line's
 * category discount is named after the line's category (schema 1 did not say whether it was
 * that category's discount or a shop-wide one), and free shipping is read off a zero shipping
 * cost on a non-empty order, at the default threshold (the only one the shop has had).
 */
import { cartPriceRules, linePriceRules } from '../pricing/price-rules.js';
import { DEFAULT_SHOP_RULES } from '../shop-config.js';
import { DEFAULT_SHOP_LANGUAGE } from '../shared/shop-language.js';
import { staffActorFromMetadata } from '../admin/staff-actor.js';
import type { OrderItem, OrderPlaced, OrderStatusChanged, PersonalDataCorrected } from './events.js';

/** The schema-1 shape: OrderPlaced's data without any priceRules (nor language). */
export type OrderPlacedDataV1 = Omit<OrderPlaced['data'], 'items' | 'priceRules' | 'language'> & { items: Omit<OrderItem, 'priceRules'>[] };
/** The schema-2 shape: without the checkout's language. */
export type OrderPlacedDataV2 = Omit<OrderPlaced['data'], 'language'>;

/**
 * OrderPlaced schema 2 → 3: the checkout's language. Orders placed before the shop recorded it
 * take the storefront's default (English): the language a visitor sees until they choose, and so
 * the likelier one; an Arabic shopper of such an order reads English messages, never no message.
 */
export function upcastOrderPlacedV2(data: OrderPlacedDataV2): OrderPlaced['data'] {
  if (!isOrderShaped(data)) return data as unknown as OrderPlaced['data'];
  return { ...data, language: DEFAULT_SHOP_LANGUAGE };
}

export function upcastOrderPlacedV1(data: OrderPlacedDataV1): OrderPlacedDataV2 {
  // Reading must never throw: data this code did not write (a hand-made or partial event) is
  // passed on as it is, for the readers' own checks, rather than stopping every reader of the log.
  if (!isOrderShaped(data)) return data as unknown as OrderPlacedDataV2;
  const promo = data.promoCode !== null && data.promoPercent > 0 ? { code: data.promoCode, percent: data.promoPercent } : null;
  return {
    ...data,
    items: data.items.map((item) => ({
      ...item,
      priceRules: linePriceRules(item.originalUnitPrice, { percent: item.discountPercentage, category: item.category }, promo),
    })),
    priceRules: data.totals.shippingCost === 0 ? cartPriceRules(data.totals.subtotal, DEFAULT_SHOP_RULES.freeShippingThreshold) : [],
  };
}

function isOrderShaped(data: unknown): data is OrderPlacedDataV1 {
  const d = data as Partial<OrderPlacedDataV1> | null;
  return typeof d === 'object' && d !== null && Array.isArray(d.items) && typeof d.totals === 'object' && d.totals !== null
    && d.items.every((item) => typeof item === 'object' && item !== null);
}

/** The schema-1 shapes of the staff's order events: without `by`. */
export type OrderStatusChangedDataV1 = Omit<OrderStatusChanged['data'], 'by' | 'courier' | 'trackingNumber'>;
export type PersonalDataCorrectedDataV1 = Omit<PersonalDataCorrected['data'], 'by'>;

/**
 * OrderStatusChanged and PersonalDataCorrected schema 1 → 2. Schema 1 named its author only in
 * the metadata and never their role: `by` takes the admin's username from there and the role
 * "unknown", which the trail shows as such (a role guessed from today's staff list could be wrong).
 */
export function upcastStaffOrderEventV1<Data extends OrderStatusChangedDataV1 | PersonalDataCorrectedDataV1>(data: Data, metadata: unknown): Data & { by: OrderStatusChanged['data']['by'] } {
  // As upcastOrderPlacedV1: data this code did not write is passed on as it is.
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data as unknown as Data & { by: OrderStatusChanged['data']['by'] };
  return { ...data, by: staffActorFromMetadata(metadata) };
}

/** The schema-2 shape of OrderStatusChanged: without the courier and tracking number. */
export type OrderStatusChangedDataV2 = Omit<OrderStatusChanged['data'], 'courier' | 'trackingNumber'>;

/** OrderStatusChanged schema 2 → 3: moves made before couriers were recorded named none. */
export function upcastOrderStatusChangedV2(data: OrderStatusChangedDataV2): OrderStatusChanged['data'] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data as unknown as OrderStatusChanged['data'];
  return { ...data, courier: null, trackingNumber: null };
}
