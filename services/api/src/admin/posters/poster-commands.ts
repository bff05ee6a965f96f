import type { PosterCommand } from '#domain/catalog/commands.js';
import { posterDecider } from '#domain/catalog/poster.decider.js';
import { decideMany } from '#domain/shared/decider.js';
import { posterStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';

const posterCommandList = decideMany(posterDecider);

/** Every admin change to one poster: the commands are decided in a row and appended at once. */
export function posterCommands(posterId: string, commands: readonly PosterCommand[]) {
  return new ExecuteDeciderCommand({ stream: posterStream(posterId), decider: posterCommandList, command: commands });
}
