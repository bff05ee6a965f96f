import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CourierRef, OrderStatusChanged } from '#domain/order/events.js';
import { couriersDecider } from '#domain/courier/courier.decider.js';
import type { CourierDetails } from '#domain/courier/events.js';
import { alreadyChangedMessage } from '#domain/order/order-lifecycle.js';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import { couriersStream, orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { PromoUses } from '../../cart/promo-uses.service.js';
import { settlePromoUse } from './settle-promo-use.js';

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
    /** SHIPPED only: the courier's id (one of the shop's couriers) and the parcel's tracking number. */
    readonly shipment?: { courierId: string; trackingNumber: unknown },
  ) {
    super();
  }
}

@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly promoUses: PromoUses,
  ) {}

  async execute(c: ChangeOrderStatusCommand) {
    let previous: OrderState['status'] = null;
    const shipping = c.shipment !== undefined || String(c.status).trim().toUpperCase() === 'SHIPPED';
    const couriers = shipping ? (await this.executor.load(couriersStream(), couriersDecider)).state.couriers : [];
    const shipment = c.shipment ? { courier: courierRef(couriers, c.shipment.courierId), trackingNumber: c.shipment.trackingNumber } : undefined;
    const couriersConfigured = couriers.length > 0;

    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: async (state: OrderState, loaded) => {
        if (c.expectedRevision !== undefined && state.exists && loaded.revision !== BigInt(c.expectedRevision)) await this.refuseStale(c, state);
        previous = state.status;
        return { type: 'ChangeOrderStatus' as const, data: { orderId: c.orderId, status: c.status, reason: c.reason, by: c.by, ...(c.guard ? { guard: c.guard } : {}), ...(shipment ? { shipment } : {}), couriersConfigured } };
      },
      commandType: 'ChangeOrderStatus',
      // Without an expected revision, deciding again on a newer state is still right: the admin
      // wants this status now. With one, the retry finds the revision moved and refuses.
      retries: 2,
    });
    await settlePromoUse(this.store, this.promoUses, c.orderId, result.state.status);
    return { state: result.state, previous, changed: result.events.length > 0, revision: Number(result.revision) };
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

/** The courier as the order records it (its name now), from the shop's couriers; a 400 naming courierId when it is not one. */
function courierRef(couriers: readonly CourierDetails[], courierId: string): CourierRef {
  const courier = couriers.find((k) => k.courierId === courierId);
  if (!courier) throw DomainError.validation('UNKNOWN_COURIER', 'courierId is not one of the shop’s couriers', { courierId: 'is not one of the shop’s couriers' });
  return { courierId: courier.courierId, name: courier.name };
}
