import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DiscountCommand } from '#domain/promotion/commands.js';
import { discountsDecider, type DiscountsState } from '#domain/promotion/discounts.decider.js';
import type { DiscountEvent } from '#domain/promotion/events.js';
import { discountsStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';

export class ExecuteDiscountCommand extends Command<{ state: DiscountsState; events: DiscountEvent[] }> {
  constructor(readonly command: DiscountCommand) {
    super();
  }
}

@CommandHandler(ExecuteDiscountCommand)
export class ExecuteDiscountCommandHandler implements ICommandHandler<ExecuteDiscountCommand> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: ExecuteDiscountCommand) {
    // One stream for all discounts: two admins racing get ids 1 and 2 after a re-decision.
    const result = await this.executor.execute({ stream: discountsStream(), decider: discountsDecider, command: c.command, retries: 3 });
    return { state: result.state, events: result.events };
  }
}
