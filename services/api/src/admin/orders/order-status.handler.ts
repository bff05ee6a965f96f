import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import type { Actor } from '#domain/shared/event.js';
import { orderStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';

export class ChangeOrderStatusCommand extends Command<{ state: OrderState; previous: OrderState['status']; changed: boolean }> {
  constructor(
    readonly orderId: string,
    readonly status: string,
    readonly reason: string | null,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: ChangeOrderStatusCommand) {
    let previous: OrderState['status'] = null;
    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: (state: OrderState) => {
        previous = state.status;
        return { type: 'ChangeOrderStatus' as const, data: { orderId: c.orderId, status: c.status, reason: c.reason, actor: c.actor } };
      },
      // Deciding again on a newer state is still right: the admin wants this status now.
      retries: 2,
    });
    return { state: result.state, previous, changed: result.events.length > 0 };
  }
}
