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
 * CONFIRMED (the shopper confirmed by phone), DELIVERED (paid at the door), REFUSED (refused
 * at the door, the parcel comes back) and RETURNED (the refused parcel was received back). In
 * lifecycle order; which moves are allowed is ORDER_TRANSITIONS in order-lifecycle.ts.
 */
export const ORDER_STATUSES = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'REFUSED', 'RETURNED', 'CANCELED'] as const;
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
  RETURNED: 'Returned',
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
  /** The shopper's map pin; null when they placed none (checkout/map-pin.ts). */
  latitude: number | null;
  longitude: number | null;
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
  /**
   * The Arabic name the shopper saw, where the catalogue had one (absent in orders placed before
   * the shop kept it): Arabic e-mails, messages and paper name the item by it.
   */
  nameAr?: string;
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
  /** The phone the order was placed with: the subject its reason is sealed under (absent on events written before). */
  phone?: string;
  /** Staff free text about the person: personal, null once they are erased. */
  reason: string | null;
  /** Present (true) when the move undid SHIPPED, DELIVERED or REFUSED to correct a mistake (isCorrection). */
  correction?: true;
  /** The staff member who moved it and their role then (schema 2; schema-1 events are upcast: order/upcasters.ts). */
  by: StaffActor;
  /**
   * Schema 3 (older events are upcast with nulls): on SHIPPED, the courier who took the parcel and
   * its tracking number; on DELIVERED or REFUSED from a courier's file, the courier who reported it
   * (the actor of the move; `by` is who imported the file). Null otherwise.
   */
  courier: CourierRef | null;
  trackingNumber: string | null;
}>;

/** A courier as an order names it: its id, and its name then (a renamed courier's old orders keep the name they had). */
export interface CourierRef {
  courierId: string;
  name: string;
}

/** Where a courier report came from: the file's SHA-256 and the line, so the trail can point at it. */
export interface CourierReportSource {
  fileHash: string;
  line: number;
}

/**
 * What a courier's file says it collected for the parcel at the door and what it charged (a
 * refused parcel: collected 0 and the fee). The courier owes the shop collected − fee until it
 * pays (CourierPaymentRecorded).
 */
export type CourierCollectionRecorded = DomainEvent<'CourierCollectionRecorded', {
  orderId: string;
  orderNumber: string;
  courier: CourierRef;
  trackingNumber: string;
  collected: Piastres;
  fee: Piastres;
  /** YYYY-MM-DD, as the courier's file dates it. */
  on: string;
  source: CourierReportSource;
  by: StaffActor;
}>;

/** The courier paid the shop what it collected for this parcel, less its fee. */
export type CourierPaymentRecorded = DomainEvent<'CourierPaymentRecorded', {
  orderId: string;
  orderNumber: string;
  courier: CourierRef;
  /** collected − fee, as recorded. */
  amount: Piastres;
  on: string;
  source: CourierReportSource;
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

/** The parts of a customer staff may edit before the order ships: contact, address and delivery notes. */
export type EditableCustomer = Pick<OrderCustomer, 'firstName' | 'lastName' | 'phone' | 'addressLine' | 'building' | 'apartment' | 'city' | 'governorate' | 'notes'>;

/** What an edit changes of an order: its customer, its lines and what they cost. */
export interface OrderVersion {
  customer: EditableCustomer;
  items: OrderItem[];
  totals: OrderTotals;
  priceRules: PriceRule[];
}

/**
 * Staff edited an order before it shipped (its customer, lines or both), re-priced as it was
 * priced when placed (order-edit.ts). before and after are whole versions, so a reader never
 * needs the events before this one to know what the order is now. The customer fields are
 * personal (encrypted under the order's subject, named by `phone`: the phone the order was placed
 * with, whatever the edit does to the order's phone).
 */
export type OrderEdited = DomainEvent<'OrderEdited', {
  orderId: string;
  orderNumber: string;
  phone: string;
  /** Which parts changed: customer field names, and 'lines' when the lines did. */
  fields: string[];
  before: OrderVersion;
  after: OrderVersion;
  reason: string | null;
  by: StaffActor;
}>;

/**
 * A staff member wrote a note on an order, for staff only (never shown to the shopper). The text
 * is free text about a person: personal, under the order's subject (`phone`, as OrderEdited's).
 */
export type OrderNoteAdded = DomainEvent<'OrderNoteAdded', {
  orderId: string;
  orderNumber: string;
  phone: string;
  noteId: string;
  text: string;
  by: StaffActor;
}>;


/** A delivered order's goods came back, in whole or by lines, within the return window (order-return.ts). */
export type OrderReturned = DomainEvent<'OrderReturned', {
  orderId: string;
  orderNumber: string;
  returnId: string;
  /** Each line returned: how many, and their share of the goods after discounts (piastres). */
  lines: Array<{ itemId: string; quantity: number; amount: Piastres }>;
  /** The sum of the lines' amounts: what the order's sales fall by. */
  amount: Piastres;
  /** The phone the order was placed with: the subject its reason is sealed under (absent on events written before). */
  phone?: string;
  /** Staff free text about the person: personal, "[erased]" once they are erased. */
  reason: string;
  by: StaffActor;
}>;

/** Cash handed back to the shopper: what the order's collected cash falls by. */
export type RefundRecorded = DomainEvent<'RefundRecorded', {
  orderId: string;
  orderNumber: string;
  amount: Piastres;
  /** The return it pays for, when there is one. */
  returnId: string | null;
  by: StaffActor;
}>;

/**
 * What became of one line of a settlement import on this order, as the settlement reactor applied
 * it (after the line's own events, in the same append): applied, already recorded (unchanged), or
 * no longer accepted by the order (contradictory, or a date refused), with the reason. Nothing
 * personal: the import, the line, the tracking number and the outcome.
 */
export type SettlementLineRecorded = DomainEvent<'SettlementLineRecorded', {
  orderId: string;
  orderNumber: string;
  importId: string;
  courier: CourierRef;
  line: number;
  trackingNumber: string;
  outcome: 'applied' | 'unchanged' | 'contradictory' | 'rejected';
  reason: string | null;
  by: StaffActor;
}>;

export type OrderEvent =
  | OrderPlaced
  | OrderStatusChanged
  | PersonalDataCorrected
  | OrderEdited
  | OrderNoteAdded
  | CourierCollectionRecorded
  | CourierPaymentRecorded
  | OrderReturned
  | RefundRecorded
  | SettlementLineRecorded;

/** Appended with expectedRevision 'no_stream': the stream's existence is the uniqueness guarantee. */
export type OrderNumberReserved = DomainEvent<'OrderNumberReserved', { orderNumber: string; cartId: string }>;

export type OrderNumberEvent = OrderNumberReserved;

const orderEventTypes: Record<OrderEvent['type'], true> = {
  OrderPlaced: true,
  OrderStatusChanged: true,
  PersonalDataCorrected: true,
  OrderEdited: true,
  OrderNoteAdded: true,
  CourierCollectionRecorded: true,
  CourierPaymentRecorded: true,
  OrderReturned: true,
  RefundRecorded: true,
  SettlementLineRecorded: true,
};
const orderNumberEventTypes: Record<OrderNumberEvent['type'], true> = { OrderNumberReserved: true };

export const ORDER_EVENT_TYPES = Object.keys(orderEventTypes) as OrderEvent['type'][];
export const ORDER_NUMBER_EVENT_TYPES = Object.keys(orderNumberEventTypes) as OrderNumberEvent['type'][];
