import type { ProductCommand } from '#domain/catalog/commands.js';
import { productDecider } from '#domain/catalog/product.decider.js';
import { productStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';

export function productCommand(command: ProductCommand) {
  return new ExecuteDeciderCommand({ stream: productStream(command.data.productId), decider: productDecider, command });
}
