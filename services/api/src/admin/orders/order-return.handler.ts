import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import type { OrderStatusChanged } from '#domain/order/events.js';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import { orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { APP_CONFIG, EVENT_STORE } from '../../common/tokens.js';

export class ReturnOrderCommand extends Command<{ state: OrderState; returnId: string; amount: number }> {
  constructor(
    readonly orderId: string,
    readonly lines: Array<{ itemId: unknown; quantity: unknown }> | null,
    readonly reason: unknown,
    readonly by: StaffActor,
    /** Piastres handed back with the return; null: none. */
    readonly refund: number | null = null,
  ) {
    super();
  }
}

export class RecordRefundCommand extends Command<{ state: OrderState }> {
  constructor(
    readonly orderId: string,
    /** Piastres. */
    readonly amount: number,
    readonly returnId: string | null,
    readonly by: StaffActor,
  ) {
    super();
  }
}

/** A delivered order's return and its refund, in one decision: the decider is given when it was delivered, now and the shop's return window. */
@CommandHandler(ReturnOrderCommand)
export class ReturnOrderHandler implements ICommandHandler<ReturnOrderCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'returnWindowDays'>,
  ) {}

  async execute(c: ReturnOrderCommand) {
    const returnId = randomUUID();
    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: async () => ({
        type: 'ReturnOrder' as const,
        data: { orderId: c.orderId, returnId, lines: c.lines, reason: c.reason, deliveredAt: await this.deliveredAt(c.orderId), now: new Date().toISOString(), windowDays: this.config.returnWindowDays, refund: c.refund, by: c.by },
      }),
      commandType: 'ReturnOrder',
      retries: 2,
    });
    const returned = result.events.find((e) => e.type === 'OrderReturned');
    return { state: result.state, returnId, amount: returned?.type === 'OrderReturned' ? returned.data.amount : 0 };
  }

  /** When the order was last marked DELIVERED (the event's time), or null. */
  private async deliveredAt(orderId: string): Promise<string | null> {
    const events = await this.store.readStream(orderStream(orderId));
    const last = events.filter((e) => e.type === 'OrderStatusChanged' && (e.data as OrderStatusChanged['data']).to === 'DELIVERED').at(-1);
    return last?.metadata.occurredAt ?? null;
  }
}

@CommandHandler(RecordRefundCommand)
export class RecordRefundHandler implements ICommandHandler<RecordRefundCommand> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: RecordRefundCommand) {
    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: { type: 'RecordRefund' as const, data: { orderId: c.orderId, amount: c.amount, returnId: c.returnId, by: c.by } },
      // Not retried: two refunds racing must each be decided on what the other left.
      retries: 0,
    });
    return { state: result.state };
  }
}
