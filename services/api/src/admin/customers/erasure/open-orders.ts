import { orderFinish, orderFinishFacts, type OrderFinish } from '#domain/order/order-finished.js';
import { orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { SubjectOrder } from '../../../reads/orders.reads.js';

/** A subject's order as an erasure weighs it: finished or not, read from the order's own stream (the read model may lag). */
export interface WeighedOrder extends OrderFinish {
  id: string;
  orderNumber: string;
  status: string;
}

export async function weighOrders(store: EventStore, orders: ReadonlyArray<Pick<SubjectOrder, 'id' | 'orderNumber' | 'status'>>, now: string, windowDays: number): Promise<WeighedOrder[]> {
  const weighed: WeighedOrder[] = [];
  for (const o of orders) {
    const facts = orderFinishFacts(await store.readStream(orderStream(o.id)));
    weighed.push({ id: o.id, orderNumber: o.orderNumber, status: facts.status ?? o.status, ...orderFinish(facts, now, windowDays) });
  }
  return weighed;
}

