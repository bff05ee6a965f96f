/**
 * Which facts of an order the shopper hears about: one row per message. A new message (an edited
 * order, a courier's tracking link) is one more row here, one more pair of templates
 * (default-templates.ts) and, for WhatsApp, one more pre-approved template name.
 */
import type { OrderStatus } from '../order/events.js';

export const MESSAGE_KINDS = ['orderPlaced', 'orderConfirmed', 'orderShipped', 'orderDelivered', 'orderEdited', 'erasureHeld'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export function isMessageKind(value: unknown): value is MessageKind {
  return typeof value === 'string' && (MESSAGE_KINDS as readonly string[]).includes(value);
}

export interface MessageRow {
  readonly kind: MessageKind;
  /** The stored event type that triggers it. */
  readonly on: string;
  /** For OrderStatusChanged: the status the order moved to. */
  readonly to?: OrderStatus;
  /**
   * Held until the back-office's undo window has closed, and dropped if the order has moved back
   * by then: a status a staff member undid must not reach the shopper.
   */
  readonly held: boolean;
}

export const MESSAGE_TABLE: readonly MessageRow[] = [
  { kind: 'orderPlaced', on: 'OrderPlaced', held: false },
  { kind: 'orderConfirmed', on: 'OrderStatusChanged', to: 'CONFIRMED', held: true },
  { kind: 'orderShipped', on: 'OrderStatusChanged', to: 'SHIPPED', held: true },
  { kind: 'orderDelivered', on: 'OrderStatusChanged', to: 'DELIVERED', held: true },
  // An edit is saved at once (no undo window): the shopper hears the new total, lines and address.
  { kind: 'orderEdited', on: 'OrderEdited', held: false },
  // An erasure the shopper asked for waits for their unfinished order: they are told why, once, about its first held order.
  { kind: 'erasureHeld', on: 'PersonalDataErasureHeld', held: false },
];

/** The event types any row names: what the outbox reactor follows. */
export const MESSAGE_EVENT_TYPES = [...new Set(MESSAGE_TABLE.map((row) => row.on))];
