import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ProductCommand } from '#domain/catalog/commands.js';
import { productDecider, type ProductState } from '#domain/catalog/product.decider.js';
import { productStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';

export class ExecuteProductCommand extends Command<{ state: ProductState }> {
  constructor(readonly command: ProductCommand) {
    super();
  }
}

@CommandHandler(ExecuteProductCommand)
export class ExecuteProductCommandHandler implements ICommandHandler<ExecuteProductCommand> {
  constructor(private readonly executor: DeciderExecutor) {}

  async execute(c: ExecuteProductCommand) {
    const { state } = await this.executor.execute({ stream: productStream(c.command.data.productId), decider: productDecider, command: c.command });
    return { state };
  }
}
