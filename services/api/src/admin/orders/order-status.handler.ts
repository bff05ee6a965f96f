import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderPlaced, OrderStatusChanged } from '#domain/order/events.js';
import { alreadyChangedMessage } from '#domain/order/order-lifecycle.js';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import { orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { PromoUses } from '../../cart/promo-uses.service.js';

export class ChangeOrderStatusCommand extends Command<{ state: OrderState; previous: OrderState['status']; changed: boolean; revision: number }> {
  constructor(
    readonly orderId: string,
    readonly status: string,
    readonly reason: string | null,
    /** Who moves it, in which role: recorded in the event. */
    readonly by: StaffActor,
    /** The order's revision the admin saw; when given, any change since is a 409 naming who made it. */
    readonly expectedRevision?: number,
    /** The back-office's guarded route: reasons and corrections are required (ChangeOrderStatus.guard). */
    readonly guard?: { correction: boolean },
  ) {
    super();
  }
}

/** Statuses of an order that was never delivered and will not be: its promo use counts no more. */
const USE_RETURNED_IN: readonly string[] = ['CANCELED', 'REFUSED'];

@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly promoUses: PromoUses,
  ) {}

  async execute(c: ChangeOrderStatusCommand) {
    let previous: OrderState['status'] = null;

    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: async (state: OrderState, loaded) => {
        if (c.expectedRevision !== undefined && state.exists && loaded.revision !== BigInt(c.expectedRevision)) await this.refuseStale(c, state);
        previous = state.status;
        return { type: 'ChangeOrderStatus' as const, data: { orderId: c.orderId, status: c.status, reason: c.reason, by: c.by, ...(c.guard ? { guard: c.guard } : {}) } };
      },
      commandType: 'ChangeOrderStatus',
      // Without an expected revision, deciding again on a newer state is still right: the admin
      // wants this status now. With one, the retry finds the revision moved and refuses.
      retries: 2,
    });
    await this.settlePromoUse(c.orderId, result.state.status);
    return { state: result.state, previous, changed: result.events.length > 0, revision: Number(result.revision) };
  }

  /**
   * A cancelled or refused order gives its promo use back; one re-opened takes it again. Decided
   * from the status the order is now in, whether or not this request moved it, so repeating a
   * request whose second step failed completes it (the usage decider changes nothing twice).
   */
  private async settlePromoUse(orderId: string, status: OrderState['status']): Promise<void> {
    if (status === null) return;
    // The order's first event says its promo code (the loaded state may start past it: folds are cached).
    const [placed] = await this.store.readStream(orderStream(orderId), { maxCount: 1 });
    const code = placed?.type === 'OrderPlaced' ? (placed.data as OrderPlaced['data']).promoCode : null;
    if (code === null) return;
    if (USE_RETURNED_IN.includes(status)) await this.promoUses.giveBack(code, orderId);
    else await this.promoUses.retake(code, orderId);
  }

  /** Two admins on one order: the second learns who acted first and what they did. */
  private async refuseStale(c: ChangeOrderStatusCommand, state: OrderState): Promise<never> {
    const since = c.expectedRevision! >= 0 ? await this.store.readStream(orderStream(c.orderId), { fromRevision: BigInt(c.expectedRevision!) + 1n }) : [];
    const last = since.filter((e) => e.type === 'OrderStatusChanged').at(-1);
    const message = last
      ? alreadyChangedMessage(state.orderNumber, (last.data as OrderStatusChanged['data']).to, last.metadata.actor?.id ?? 'someone')
      : `${state.orderNumber} was changed meanwhile: reload it`;
    throw DomainError.conflict('ORDER_CHANGED', message);
  }
}
