import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { retryNow } from '#read-models/projector-state/checkpoints.js';
import { pendingRebuild, requestRebuild } from '#read-models/projector-state/rebuild-requests.js';
import { sqlClientOf } from '#read-models/projector-state/sql-client.js';

/*
 * Requests to the projector, written to its control tables (not to the event log: they change no
 * fact of the shop, only what the projector does next). The owning replica acts on its next tick.
 */

type Retry = Awaited<ReturnType<typeof retryNow>>;
type RebuildRequest = Awaited<ReturnType<typeof requestRebuild>>;

/** Try a failed projection again now instead of waiting out its back-off; undefined: it is not failed. */
export class RetryProjectionCommand extends Command<Retry> {
  constructor(readonly projection: string) {
    super();
  }
}

/** Rebuild a projection beside the live tables; one pending request per projection (a second joins the first). */
export class RequestProjectionRebuildCommand extends Command<RebuildRequest> {
  constructor(readonly projection: string) {
    super();
  }
}

@CommandHandler(RetryProjectionCommand)
export class RetryProjectionHandler implements ICommandHandler<RetryProjectionCommand> {
  constructor(private readonly dataSource: DataSource) {}

  execute({ projection }: RetryProjectionCommand): Promise<Retry> {
    // next_retry_at is the switch the owning replica polls.
    return retryNow(sqlClientOf(this.dataSource), projection);
  }
}

@CommandHandler(RequestProjectionRebuildCommand)
export class RequestProjectionRebuildHandler implements ICommandHandler<RequestProjectionRebuildCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ projection }: RequestProjectionRebuildCommand): Promise<RebuildRequest> {
    const db = sqlClientOf(this.dataSource);
    return (await pendingRebuild(db, projection)) ?? (await requestRebuild(db, projection));
  }
}
