import type { PromoCodeCommand } from '#domain/promotion/commands.js';
import { promoCodeDecider } from '#domain/promotion/promo-code.decider.js';
import { decideMany } from '#domain/shared/decider.js';
import { promoStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';

const promoCodeCommandList = decideMany(promoCodeDecider);

/** A PATCH may change the percentage and the active flag: decided in a row, appended at once. */
export function promoCodeCommands(code: string, commands: readonly PromoCodeCommand[]) {
  return new ExecuteDeciderCommand({ stream: promoStream(code), decider: promoCodeCommandList, command: commands });
}
