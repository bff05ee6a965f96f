import type { DiscountCommand } from '#domain/promotion/commands.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import { discountsStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';

/** One stream for all discounts: two admins racing get ids 1 and 2 after a re-decision. */
export function discountCommand(command: DiscountCommand) {
  return new ExecuteDeciderCommand({ stream: discountsStream(), decider: discountsDecider, command, retries: 3 });
}
