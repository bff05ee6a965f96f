import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event store the read models are built from (one row): a process configured for another
 * one refuses to start while checkpoints hold that store's positions (projector-state/event-store-identity.ts).
 */
export class EventStoreIdentity1764700000000 implements MigrationInterface {
  name = 'EventStoreIdentity1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE projector.event_store_identity (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      kind text NOT NULL,
      hosts text[] NOT NULL,
      namespace text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE projector.event_store_identity`);
  }
}
