import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the admin and ops need to see and act on when a projection stops on an event: the
 * event's type and position (its id already lives in last_error_event_id), when the failure
 * began, how many attempts were made and when the projector tries again. next_retry_at is
 * also the "retry now" switch: the API moves it to now() and the owning replica retries.
 */
export class CheckpointFailures1764520000000 implements MigrationInterface {
  name = 'CheckpointFailures1764520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projector.checkpoints
      ADD COLUMN failed_event_type text,
      ADD COLUMN failed_commit_position bigint,
      ADD COLUMN failed_prepare_position bigint,
      ADD COLUMN first_failed_at timestamptz,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN next_retry_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projector.checkpoints
      DROP COLUMN failed_event_type, DROP COLUMN failed_commit_position, DROP COLUMN failed_prepare_position,
      DROP COLUMN first_failed_at, DROP COLUMN attempts, DROP COLUMN next_retry_at`);
  }
}
