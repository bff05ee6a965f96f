import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import { orderStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';

export class AddOrderNoteCommand extends Command<{ orderNumber: string; noteId: string; revision: number }> {
  constructor(
    readonly orderId: string,
    readonly text: unknown,
    readonly by: StaffActor,
  ) {
    super();
  }
}

/** A staff note on an order: one OrderNoteAdded, encrypted under the order's subject. Notes only add, so a concurrent change is retried. */
@CommandHandler(AddOrderNoteCommand)
export class AddOrderNoteHandler implements ICommandHandler<AddOrderNoteCommand> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: AddOrderNoteCommand) {
    const noteId = randomUUID();
    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: (_state: OrderState) => ({ type: 'AddOrderNote' as const, data: { orderId: c.orderId, noteId, text: c.text, by: c.by } }),
      commandType: 'AddOrderNote',
      retries: 2,
      // The same note id on a retry: the store keeps the event once.
      eventId: () => noteId,
    });
    return { orderNumber: result.state.orderNumber, noteId, revision: Number(result.revision) };
  }
}
