import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer-messages outbox (docs/adr/023): one row per message the shop owes a shopper,
 * written by the projector's reactor in the transaction that moves its checkpoint, delivered by
 * the projector's dispatcher. No personal data: the text is composed from the log when it is
 * sent or shown, so an erased subject's messages read as erased. In `projector` (bookkeeping of
 * the projector's, never rebuilt), not `read`: a rebuild must not send everything again.
 */
export class CustomerMessages1765700500000 implements MigrationInterface {
  name = 'CustomerMessages1765700500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projector.customer_messages (
        message_id uuid PRIMARY KEY,
        event_id text NOT NULL,
        commit_position bigint NOT NULL,
        order_id text NOT NULL,
        order_number text NOT NULL,
        subject_id text,
        kind text NOT NULL,
        channel text NOT NULL,
        status_reached text,
        held boolean NOT NULL,
        fact_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease_until timestamptz,
        provider text,
        last_error text,
        sent_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX customer_messages_due_idx ON projector.customer_messages (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    await q.query(`CREATE INDEX customer_messages_order_idx ON projector.customer_messages (order_id)`);
    await q.query(`CREATE INDEX customer_messages_list_idx ON projector.customer_messages (fact_at DESC, message_id)`);
    await q.query(`CREATE INDEX customer_messages_subject_idx ON projector.customer_messages (subject_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE projector.customer_messages`);
  }
}
