import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff sign-in state that changes on every sign-in or is secret, kept outside the log
 * (docs/adr/016): sessions with their last-seen times, second factors and recovery codes. Its own
 * schema, owned by the migrations' role and written by the API: the projector never rebuilds it.
 * Device and client address (personal data of staff) and the TOTP secret are sealed with
 * AES-256-GCM by the API; recovery codes are stored as argon2id hashes only.
 */
export class StaffSessionsAndSecondFactors1765600000000 implements MigrationInterface {
  name = 'StaffSessionsAndSecondFactors1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS staff_auth`);
    await q.query(`
      CREATE TABLE staff_auth.sessions (
        session_id uuid PRIMARY KEY,
        username text NOT NULL,
        device jsonb NOT NULL,
        client_address jsonb NOT NULL,
        signed_in_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        ended_at timestamptz,
        ended_by text,
        -- Signed in where a second factor is required but none is enrolled: only enrolment is open.
        must_enrol_two_factor boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX sessions_open_by_member_idx ON staff_auth.sessions (username, last_seen_at DESC) WHERE ended_at IS NULL`);
    await q.query(`
      CREATE TABLE staff_auth.second_factors (
        username text PRIMARY KEY,
        secret jsonb NOT NULL,
        -- Null while enrolment waits for its first valid code.
        confirmed_at timestamptz,
        -- The newest time step a code was accepted for: that code, and older ones, never again.
        last_used_step bigint,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE staff_auth.recovery_codes (
        username text NOT NULL REFERENCES staff_auth.second_factors (username) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (username, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA staff_auth CASCADE`);
  }
}
