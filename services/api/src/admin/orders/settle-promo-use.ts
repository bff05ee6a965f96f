import type { OrderPlaced } from '#domain/order/events.js';
import type { OrderState } from '#domain/order/order.decider.js';
import { orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { PromoUses } from '../../cart/promo-uses.service.js';

/** Statuses of an order that was never delivered and will not be: its promo use counts no more. */
const USE_RETURNED_IN: readonly string[] = ['CANCELED', 'REFUSED'];

/**
 * A cancelled or refused order gives its promo use back; one re-opened takes it again. Decided
 * from the status the order is now in, whether or not this request moved it, so repeating a
 * request whose second step failed completes it (the usage decider changes nothing twice).
 */
export async function settlePromoUse(store: EventStore, promoUses: PromoUses, orderId: string, status: OrderState['status']): Promise<void> {
  if (status === null) return;
  // The order's first event says its promo code (the loaded state may start past it: folds are cached).
  const [placed] = await store.readStream(orderStream(orderId), { maxCount: 1 });
  const code = placed?.type === 'OrderPlaced' ? (placed.data as OrderPlaced['data']).promoCode : null;
  if (code === null) return;
  if (USE_RETURNED_IN.includes(status)) await promoUses.giveBack(code, orderId);
  else await promoUses.retake(code, orderId);
}
