import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { normaliseOrderNumber } from '#domain/checkout/order-number.js';
import { OrderHistoryEntity } from '#read-models/order-history.entity.js';
import { OrderEntity } from '#read-models/order.entity.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { OrderTrackingView, TrackingStepView } from './order-tracking-response.js';

/** undefined when the pair does not match an order; the caller cannot tell which half was wrong. */
export class TrackOrderQuery extends Query<OrderTrackingView | undefined> {
  constructor(
    readonly orderNumber: string,
    readonly phone: string,
  ) {
    super();
  }
}

@QueryHandler(TrackOrderQuery)
export class TrackOrderHandler implements IQueryHandler<TrackOrderQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: TrackOrderQuery): Promise<OrderTrackingView | undefined> {
    const orderNumber = normaliseOrderNumber(q.orderNumber);
    const phone = normaliseEgyptianPhone(q.phone);
    if (!orderNumber || !phone) return undefined;
    const order = await this.dataSource.getRepository(OrderEntity).findOneBy({ orderNumber, phone });
    if (!order) return undefined;
    const history = await this.dataSource.getRepository(OrderHistoryEntity).find({
      where: { orderId: order.id },
      order: { commitPosition: 'ASC', preparePosition: 'ASC' },
    });
    return {
      orderNumber: order.orderNumber,
      firstName: order.firstName,
      city: order.city,
      status: order.status,
      itemCount: order.itemCount,
      total: piastresToEgp(order.total),
      paymentMethod: order.paymentMethod,
      timeline: timelineOf(history, order),
    };
  }
}

/** One step per status reached, from the audit trail; an order the trail has not caught up with still shows as placed. */
function timelineOf(history: OrderHistoryEntity[], order: OrderEntity): TrackingStepView[] {
  const steps: TrackingStepView[] = [];
  for (const row of history) {
    const to = (row.changes.status as { to?: unknown } | undefined)?.to;
    if (typeof to === 'string') steps.push({ status: to, at: row.occurredAt.toISOString() });
  }
  if (steps.length === 0) steps.push({ status: 'PLACED', at: order.placedAt.toISOString() });
  return steps;
}
