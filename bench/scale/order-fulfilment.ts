/**
 * What the back-office does with an order after it is placed: most are shipped within days,
 * some are canceled (the customer asked, nobody answered the phone), a few shipped ones come
 * back, and now and then a canceled order is put back and shipped after all.
 */
import type { OrderCommand } from '#domain/order/commands.js';
import type { OrderEvent, OrderStatus } from '#domain/order/events.js';
import type { OrderState } from '#domain/order/order.decider.js';
import type { Actor } from '#domain/shared/event.js';
import { DAY, HOUR, type Timeline } from './timeline.js';
import type { Aggregate, WriteSide } from './write-side.js';

export type OrderAggregate = Aggregate<OrderCommand, OrderEvent, OrderState>;

/** Orders are handled by the operations admin, the catalogue by the owner. */
const OPERATIONS: Actor = { kind: 'admin', id: 'ops' };
/** The simulated back-office is the shop's one owner account. */
const OPERATIONS_STAFF = { username: OPERATIONS.id, role: 'owner' } as const;
const COURIERS = ['Aramex', 'Bosta', 'J&T', 'Egypt Post'];
const CANCEL_REASONS = ['Customer asked to cancel', 'No answer on the phone', 'Duplicate order', null];

export class Fulfilment {
  constructor(
    private readonly w: WriteSide,
    private readonly timeline: Timeline,
  ) {}

  placed(order: OrderAggregate, at: number): void {
    const r = this.w.random;
    switch (r.weighted({ ship: 82, cancel: 12, leave: 6 })) {
      case 'ship':
        this.ship(order, at + r.int(1, 4) * DAY + r.int(0, 8) * HOUR);
        break;
      case 'cancel':
        this.timeline.schedule(at + r.int(2, 48) * HOUR, (t) => {
          this.change(order, 'CANCELED', r.pick(CANCEL_REASONS), t);
          if (r.chance(0.08)) {
            // The customer called back: the order is put back and shipped after all.
            this.timeline.schedule(t + r.int(1, 3) * DAY, (back) => {
              this.change(order, 'PLACED', 'Customer changed their mind', back);
              this.ship(order, back + r.int(1, 3) * DAY);
            });
          }
        });
        break;
      case 'leave':
        break;
    }
  }

  private ship(order: OrderAggregate, at: number): void {
    const r = this.w.random;
    this.timeline.schedule(at, (t) => {
      const courier = r.pick(COURIERS);
      this.change(order, 'SHIPPED', r.chance(0.7) ? `${courier} ${r.int(100_000_000, 999_999_999)}` : null, t);
      if (r.chance(0.03)) this.timeline.schedule(t + r.int(5, 15) * DAY, (back) => this.change(order, 'CANCELED', 'Returned by courier', back));
    });
  }

  private change(order: OrderAggregate, status: OrderStatus, reason: string | null, at: number): void {
    this.w.execute(order, [{ type: 'ChangeOrderStatus', data: { orderId: order.state.orderId, status, reason, by: OPERATIONS_STAFF } }], at, OPERATIONS);
  }
}
