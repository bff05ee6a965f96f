/**
 * The screening of a placed order, as the checkout and the checkout completion both ask for it:
 * one command, and one event id per order, so whichever screens first, the other appends nothing.
 */
import type { OrderPlaced } from '../order/events.js';
import { uuidFromName } from '../shared/uuid-from-name.js';
import type { ScreenOrder } from './commands.js';
import { lineSignature } from './screening-flags.js';
import type { OrderScreeningSettings } from './screening-settings.js';

export function screenOrderCommand(subjectId: string, settings: OrderScreeningSettings, order: OrderPlaced['data']): ScreenOrder {
  return {
    type: 'ScreenOrder',
    data: { subjectId, settings, order: { orderId: order.orderId, orderNumber: order.orderNumber, placedAt: order.placedAt, lines: lineSignature(order.items), total: order.totals.total } },
  };
}

/** Derived from the order: a repeated screening (a retry, the completion after the API) is a no-op. */
export function orderScreenedEventId(orderId: string): string {
  return uuidFromName(`OrderScreened:${orderId}`);
}

/**
 * The person of a (normalised) phone in a log without a key store (events stored as written, the
 * benchmarks' baseline): derived from the phone, which such a log holds in plain text anyway.
 */
export function personOfPhoneWithoutKeys(phone: string): string {
  return uuidFromName(`person:${phone}`);
}
