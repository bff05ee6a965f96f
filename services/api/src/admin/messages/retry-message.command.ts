import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { OUTBOX_TABLE } from '#read-models/projections/customer-messages.reactor.js';
import { RETRYABLE } from '../../reads/messages.reads.js';

type Outcome = 'retried' | 'not-retryable' | 'unknown';

/**
 * A person sends a failed or interrupted message again: due now, its id (so its Message-ID)
 * unchanged. Written to the projector's outbox, like a projection's "Retry now": no fact of the
 * shop changes, only what the dispatcher does next.
 */
export class RetryMessageCommand extends Command<Outcome> {
  constructor(readonly messageId: string) {
    super();
  }
}

@CommandHandler(RetryMessageCommand)
export class RetryMessageHandler implements ICommandHandler<RetryMessageCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ messageId }: RetryMessageCommand): Promise<Outcome> {
    // As a SELECT: TypeORM answers an UPDATE with [rows, count], a SELECT with its rows.
    const rows: unknown[] = await this.dataSource.query(
      `WITH retried AS (UPDATE ${OUTBOX_TABLE} SET status = 'pending', next_attempt_at = now(), updated_at = now() WHERE message_id = $1 AND status = ANY($2::text[]) RETURNING message_id)
       SELECT message_id FROM retried`,
      [messageId, [...RETRYABLE]],
    );
    if (rows.length > 0) return 'retried';
    const [exists] = await this.dataSource.query(`SELECT 1 FROM ${OUTBOX_TABLE} WHERE message_id = $1`, [messageId]);
    return exists ? 'not-retryable' : 'unknown';
  }
}
