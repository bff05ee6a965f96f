/**
 * One outbox row's message, composed from the order as the log tells it: the same text on every
 * attempt (the row stores no copy; docs/adr/023). E-mail goes to the order's address; the phone
 * channel is SMS (a template's text) or WhatsApp (an approved template's name and parameters).
 */
import type { OrderPlaced, OrderStatus } from '../order/events.js';
import { ERASED } from '../personal-data/personal-fields.js';
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
 * `templates` are the owner's where set, the shop's own otherwise.
 */
export function composeMessage(
  kind: MessageKind,
  channel: MessageChannel,
  order: OrderForMessage,
  phoneProvider: PhoneProviderKind = 'sms',
  template?: (kind: MessageKind, channel: 'email' | 'sms', language: OrderPlaced['data']['language']) => MessageTemplate | undefined,
): OutgoingMessage | undefined {
  const to = channel === 'email' ? order.customer.email : order.customer.phone;
  if (!hasAddress(to)) return undefined;
  const values = orderMessageValues(order);
  const textChannel = channel === 'email' ? 'email' : 'sms';
  const chosen = template?.(kind, textChannel, order.language) ?? defaultTemplate(kind, textChannel, order.language);
  const text = renderTemplate(chosen, values);
  const whatsapp = channel === 'phone' && phoneProvider === 'whatsapp' ? whatsAppMessage(kind, order.language, values) : null;
  return { channel, to, language: order.language, subject: text.subject, body: text.body, whatsapp };
}

/** The order as a message needs it, folded from its stream: placed, its customer as corrected, its status now. */
export interface OrderNow {
  order: OrderForMessage;
  status: OrderStatus;
}

export function orderNowFrom(events: readonly { type: string; data: unknown }[]): OrderNow | undefined {
  let now: OrderNow | undefined;
  for (const e of events) {
    if (e.type === 'OrderPlaced') now = { order: e.data as OrderPlaced['data'], status: 'PLACED' };
    else if (now && e.type === 'OrderStatusChanged') now = { ...now, status: (e.data as { to: OrderNow['status'] }).to };
    else if (now && e.type === 'PersonalDataCorrected') {
      const after = (e.data as { after?: Partial<OrderPlaced['data']['customer']> }).after ?? {};
      now = { ...now, order: { ...now.order, customer: { ...now.order.customer, ...after } } };
    }
  }
  return now;
}
