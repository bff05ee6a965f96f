/** Order events (`order-<orderId>`) and order-number reservations (`ordernumber-<NUMBER>`). */
import type { DomainEvent } from '../shared/event.js';
import type { StaffActor } from '../admin/staff-actor.js';
import type { PriceRule } from '../pricing/price-rules.js';
import type { CorrectableField, CustomerFields } from './customer-correction.js';
import type { Piastres } from '../shared/money.js';
import type { ShopLanguage } from '../shared/shop-language.js';
import type { CartItemKind, Governorate, PaymentMethod, PosterSize } from '../shop-config.js';

/**
 * The first release's PLACED, SHIPPED and CANCELED, and the cash-on-delivery lifecycle around them:
 * CONFIRMED (the shopper confirmed by phone), DELIVERED (paid at the door) and REFUSED (refused
 * at the door, the parcel comes back). In lifecycle order; which moves are allowed is
 * ORDER_TRANSITIONS in order-lifecycle.ts.
 */
export const ORDER_STATUSES = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'REFUSED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** How people read a status (back-office lists, filters, toasts); the code stays what the API speaks. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PLACED: 'Placed',
  CONFIRMED: 'Confirmed',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  REFUSED: 'Refused',
  CANCELED: 'Canceled',
};

export interface OrderCustomer {
  firstName: string;
  lastName: string;
  /** Normalised 01XXXXXXXXX. */
  phone: string;
  email: string | null;
  addressLine: string;
  building: string;
  apartment: string;
  city: string;
  governorate: Governorate;
  latitude: number;
  longitude: number;
  notes: string | null;
}

/** A snapshot of a priced cart line: the order never changes when the catalogue does. */
export interface OrderItem {
  itemId: string;
  kind: CartItemKind;
  posterId: string | null;
  productId: string | null;
  variantId: string | null;
  name: string;
  category: string | null;
  imageUrl: string | null;
  customImagePath: string | null;
  size: PosterSize | null;
  quantity: number;
  /** After the category discount. */
  unitPrice: Piastres;
  /** Catalogue price. */
  originalUnitPrice: Piastres;
  discountPercentage: number;
  /** unitPrice × quantity. */
  lineTotal: Piastres;
  /** Which rules priced it (schema 2; schema-1 events are upcast: order/upcasters.ts). */
  priceRules: PriceRule[];
}

export interface OrderTotals {
  /** Sum of lines at original catalogue price. */
  subtotal: Piastres;
  discountFromPromotions: Piastres;
  discountFromPromoCode: Piastres;
  shippingCost: Piastres;
  codFee: Piastres;
  /** VAT included in the total, reported only. */
  taxAmount: Piastres;
  total: Piastres;
}

export type OrderPlaced = DomainEvent<'OrderPlaced', {
  orderId: string;
  orderNumber: string;
  cartId: string;
  placedAt: string;
  customer: OrderCustomer;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  promoPercent: number;
  items: OrderItem[];
  totals: OrderTotals;
  /** The order-wide rules (free shipping); schema 2, upcast from schema 1 (order/upcasters.ts). */
  priceRules: PriceRule[];
  /** The storefront language of the checkout: the shopper's messages are in it (schema 3; older events are upcast to the storefront's default). */
  language: ShopLanguage;
}>;

export type OrderStatusChanged = DomainEvent<'OrderStatusChanged', {
  orderId: string;
  orderNumber: string;
  from: OrderStatus;
  to: OrderStatus;
  reason: string | null;
  /** Present (true) when the move undid SHIPPED, DELIVERED or REFUSED to correct a mistake (isCorrection). */
  correction?: true;
  /** The staff member who moved it and their role then (schema 2; schema-1 events are upcast: order/upcasters.ts). */
  by: StaffActor;
}>;

/**
 * An admin corrected the order's customer (name, phone or address): which fields, and their values
 * before and after, all personal (encrypted under the order's subject, docs/adr/012). `phone` is
 * the order's phone before the correction: the subject is found by it, so a corrected phone stays
 * with the person the order was placed by.
 */
export type PersonalDataCorrected = DomainEvent<'PersonalDataCorrected', {
  orderId: string;
  orderNumber: string;
  phone: string;
  fields: CorrectableField[];
  before: Partial<CustomerFields>;
  after: Partial<CustomerFields>;
  /** The staff member who corrected it and their role then (schema 2, as OrderStatusChanged's). */
  by: StaffActor;
}>;

export type OrderEvent = OrderPlaced | OrderStatusChanged | PersonalDataCorrected;

/** Appended with expectedRevision 'no_stream': the stream's existence is the uniqueness guarantee. */
export type OrderNumberReserved = DomainEvent<'OrderNumberReserved', { orderNumber: string; cartId: string }>;

export type OrderNumberEvent = OrderNumberReserved;

const orderEventTypes: Record<OrderEvent['type'], true> = { OrderPlaced: true, OrderStatusChanged: true, PersonalDataCorrected: true };
const orderNumberEventTypes: Record<OrderNumberEvent['type'], true> = { OrderNumberReserved: true };

export const ORDER_EVENT_TYPES = Object.keys(orderEventTypes) as OrderEvent['type'][];
export const ORDER_NUMBER_EVENT_TYPES = Object.keys(orderNumberEventTypes) as OrderNumberEvent['type'][];
