/**
 * One outbox row's message, composed from the order as the log tells it: the same text on every
 * attempt (the row stores no copy; docs/adr/023). E-mail goes to the order's address; the phone
 * channel is SMS (a template's text) or WhatsApp (an approved template's name and parameters).
 */
import type { OrderEdited, OrderPlaced, OrderStatus, OrderStatusChanged } from '../order/events.js';
import { withVersion } from '../order/order-edit.js';
import { evolveCouriers, initialCouriersState } from '../courier/courier.decider.js';
import type { CourierEvent } from '../courier/events.js';
import { trackingUrl } from '../courier/tracking-url.js';
import { ERASED } from '../personal-data/personal-fields.js';
import { DEFAULT_ARABIC_DIGITS, type ArabicDigits } from '../shared/customer-words.js';
import { defaultTemplate } from './default-templates.js';
import { renderTemplate, type MessageTemplate } from './message-template.js';
import type { MessageKind } from './message-table.js';
import { orderMessageValues } from './order-message-values.js';
import { whatsAppMessage, type WhatsAppMessage } from './whatsapp-templates.js';

/** Where a row goes: the order's e-mail, or its phone (by the SMS or WhatsApp provider configured). */
export const MESSAGE_CHANNELS = ['email', 'phone'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export type PhoneProviderKind = 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  to: string;
  language: OrderPlaced['data']['language'];
  subject: string | null;
  body: string;
  /** For WhatsApp: what is actually sent. */
  whatsapp: WhatsAppMessage | null;
}

export type OrderForMessage = Pick<OrderPlaced['data'], 'orderNumber' | 'customer' | 'items' | 'totals' | 'paymentMethod' | 'language'>;

/** The channels an order can be told on: its e-mail when it gave one, and its phone. */
export function channelsOf(order: Pick<OrderPlaced['data'], 'customer'>): MessageChannel[] {
  return hasAddress(order.customer.email) ? ['email', 'phone'] : ['phone'];
}

function hasAddress(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '' && value !== ERASED;
}

/**
 * The message, or undefined when it has nowhere to go (no e-mail, or the subject was erased).
 * `templates` are the owner's where set, the shop's own otherwise; `digits`, how Arabic writes numbers.
 */
export function composeMessage(
  kind: MessageKind,
  channel: MessageChannel,
  order: OrderForMessage,
  phoneProvider: PhoneProviderKind = 'sms',
  template?: (kind: MessageKind, channel: 'email' | 'sms', language: OrderPlaced['data']['language']) => MessageTemplate | undefined,
  trackingUrl: string | null = null,
  digits: ArabicDigits = DEFAULT_ARABIC_DIGITS,
): OutgoingMessage | undefined {
  const to = channel === 'email' ? order.customer.email : order.customer.phone;
  if (!hasAddress(to)) return undefined;
  const values = orderMessageValues(order, trackingUrl, digits);
  const textChannel = channel === 'email' ? 'email' : 'sms';
  const chosen = template?.(kind, textChannel, order.language) ?? defaultTemplate(kind, textChannel, order.language);
  const text = renderTemplate(chosen, values);
  const whatsapp = channel === 'phone' && phoneProvider === 'whatsapp' ? whatsAppMessage(kind, order.language, values) : null;
  return { channel, to, language: order.language, subject: text.subject, body: text.body, whatsapp };
}

/** The order as a message needs it, folded from its stream: placed, as corrected and edited, its status and parcel now. */
export interface OrderNow {
  order: OrderForMessage;
  status: OrderStatus;
  /** The courier and tracking number of the last ship move; null before one. */
  parcel: { courierId: string; trackingNumber: string | null } | null;
}

export function orderNowFrom(events: readonly { type: string; data: unknown }[]): OrderNow | undefined {
  let now: OrderNow | undefined;
  for (const e of events) {
    if (e.type === 'OrderPlaced') now = { order: e.data as OrderPlaced['data'], status: 'PLACED', parcel: null };
    else if (now && e.type === 'OrderStatusChanged') {
      const d = e.data as Pick<OrderStatusChanged['data'], 'to' | 'courier' | 'trackingNumber'>;
      const parcel = d.to === 'SHIPPED' && d.courier ? { courierId: d.courier.courierId, trackingNumber: d.trackingNumber ?? null } : now.parcel;
      now = { ...now, status: d.to, parcel };
    } else if (now && e.type === 'OrderEdited') {
      const after = (e.data as Partial<OrderEdited['data']>).after;
      if (after) now = { ...now, order: withVersion(now.order as OrderPlaced['data'], after) };
    }
    else if (now && e.type === 'PersonalDataCorrected') {
      const after = (e.data as { after?: Partial<OrderPlaced['data']['customer']> }).after ?? {};
      now = { ...now, order: { ...now.order, customer: { ...now.order.customer, ...after } } };
    }
  }
  return now;
}

/** The parcel's tracking link: its courier's link template (as the couriers stream has it now) filled with its tracking number. */
export function parcelTrackingUrl(now: OrderNow, courierEvents: readonly { type: string; data: unknown }[]): string | null {
  if (!now.parcel) return null;
  const couriers = courierEvents.reduce((state, e) => evolveCouriers(state, e as CourierEvent), initialCouriersState);
  const courier = couriers.couriers.find((c) => c.courierId === now.parcel!.courierId);
  return courier ? trackingUrl(courier.trackingUrlTemplate, now.parcel.trackingNumber) : null;
}
