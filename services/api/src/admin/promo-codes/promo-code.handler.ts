import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PromoCodeCommand } from '#domain/promotion/commands.js';
import { promoCodeDecider, type PromoCodeState } from '#domain/promotion/promo-code.decider.js';
import { promoStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { decideMany } from '../shared/decide-many.js';

export class ExecutePromoCodeCommands extends Command<{ state: PromoCodeState }> {
  constructor(
    readonly code: string,
    readonly commands: readonly PromoCodeCommand[],
  ) {
    super();
  }
}

@CommandHandler(ExecutePromoCodeCommands)
export class ExecutePromoCodeCommandsHandler implements ICommandHandler<ExecutePromoCodeCommands> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: ExecutePromoCodeCommands) {
    const result = await this.executor.execute({ stream: promoStream(c.code), decider: decideMany(promoCodeDecider), command: c.commands });
    return { state: result.state };
  }
}
