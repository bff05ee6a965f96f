import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DeciderExecutor } from './decider-executor.service.js';
import type { ExecuteOptions, ExecuteResult } from './execute-decider.js';

type AnyEvent = { type: string; data: unknown };

/**
 * A command that needs nothing but its stream: which stream, which decider, how often a concurrent
 * append is decided again. Each context builds these next to its controllers (e.g.
 * admin/content/content-commands.ts); one handler runs them all, where a handler per command
 * would only forward to the executor.
 */
export class ExecuteDeciderCommand<State, Cmd, Event extends AnyEvent> extends Command<ExecuteResult<State, Event>> {
  constructor(readonly options: ExecuteOptions<State, Cmd, Event>) {
    super();
  }
}

@CommandHandler(ExecuteDeciderCommand)
export class ExecuteDeciderHandler implements ICommandHandler<ExecuteDeciderCommand<unknown, unknown, AnyEvent>> {
  constructor(private readonly executor: DeciderExecutor) {}

  execute({ options }: ExecuteDeciderCommand<unknown, unknown, AnyEvent>): Promise<ExecuteResult<unknown, AnyEvent>> {
    return this.executor.execute(options);
  }
}
