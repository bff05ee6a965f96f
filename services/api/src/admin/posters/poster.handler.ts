import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PosterCommand } from '#domain/catalog/commands.js';
import { posterDecider, type PosterState } from '#domain/catalog/poster.decider.js';
import { posterStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { decideMany } from '../shared/decide-many.js';

/** Every admin change to one poster: the commands are decided in a row and appended at once. */
export class ExecutePosterCommands extends Command<{ state: PosterState; appended: number }> {
  constructor(
    readonly posterId: string,
    readonly commands: readonly PosterCommand[],
  ) {
    super();
  }
}

@CommandHandler(ExecutePosterCommands)
export class ExecutePosterCommandsHandler implements ICommandHandler<ExecutePosterCommands> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: ExecutePosterCommands) {
    const result = await this.executor.execute({ stream: posterStream(c.posterId), decider: decideMany(posterDecider), command: c.commands });
    return { state: result.state, appended: result.events.length };
  }
}
