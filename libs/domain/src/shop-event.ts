/** Every event of the shop, for the projector and the event-store adapters' typing. */
import { ADMIN_EVENT_TYPES, type AdminEvent } from './admin/events.js';
import { CART_EVENT_TYPES, type CartEvent } from './cart/events.js';
import { CATALOG_EVENT_TYPES, type CatalogEvent } from './catalog/events.js';
import { CHECKOUT_REJECTION_EVENT_TYPES, type CheckoutRejectionEvent } from './checkout/events.js';
import { CONTENT_EVENT_TYPES, type ContentEvent } from './content/events.js';
import { ORDER_SCREENING_EVENT_TYPES, type OrderScreeningEvent } from './order-screening/events.js';
import { COURIER_EVENT_TYPES, type CourierEvent } from './courier/events.js';
import { SETTLEMENT_EVENT_TYPES, type SettlementEvent } from './courier/settlement-import.js';
import { MESSAGE_TEMPLATE_EVENT_TYPES, type MessageTemplateEvent } from './messages/events.js';
import { ORDER_EVENT_TYPES, ORDER_NUMBER_EVENT_TYPES, type OrderEvent, type OrderNumberEvent } from './order/events.js';
import { PERSONAL_DATA_EVENT_TYPES, type PersonalDataEvent } from './personal-data/events.js';
import { PROMOTION_EVENT_TYPES, type PromotionEvent } from './promotion/events.js';

export type ShopEvent =
  | CatalogEvent
  | PromotionEvent
  | ContentEvent
  | AdminEvent
  | CartEvent
  | OrderEvent
  | OrderNumberEvent
  | CheckoutRejectionEvent
  | PersonalDataEvent
  | OrderScreeningEvent
  | CourierEvent
  | SettlementEvent
  | MessageTemplateEvent;

export type ShopEventType = ShopEvent['type'];

/** Narrow a ShopEvent by its type string: ShopEventOf<'OrderPlaced'>. */
export type ShopEventOf<T extends ShopEventType> = Extract<ShopEvent, { type: T }>;

export const SHOP_EVENT_TYPES: readonly ShopEventType[] = [
  ...CATALOG_EVENT_TYPES,
  ...PROMOTION_EVENT_TYPES,
  ...CONTENT_EVENT_TYPES,
  ...ADMIN_EVENT_TYPES,
  ...CART_EVENT_TYPES,
  ...ORDER_EVENT_TYPES,
  ...ORDER_NUMBER_EVENT_TYPES,
  ...CHECKOUT_REJECTION_EVENT_TYPES,
  ...PERSONAL_DATA_EVENT_TYPES,
  ...ORDER_SCREENING_EVENT_TYPES,
  ...COURIER_EVENT_TYPES,
  ...SETTLEMENT_EVENT_TYPES,
  ...MESSAGE_TEMPLATE_EVENT_TYPES,
];

export function isShopEventType(type: string): type is ShopEventType {
  return (SHOP_EVENT_TYPES as readonly string[]).includes(type);
}
