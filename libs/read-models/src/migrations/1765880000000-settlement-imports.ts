import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The settlement-imports projection: one row per courier file imported, with its progress. */
export class SettlementImports1765880000000 implements MigrationInterface {
  name = 'SettlementImports1765880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE read.settlement_imports (import_id text PRIMARY KEY, courier_id text NOT NULL, file_hash text NOT NULL, imported_at timestamptz NOT NULL,
      lines integer NOT NULL, to_apply integer NOT NULL, done integer NOT NULL, applied integer NOT NULL, unchanged integer NOT NULL, unmatched integer NOT NULL,
      contradictory integer NOT NULL, rejected integer NOT NULL)`);
    await q.query(`CREATE INDEX settlement_imports_courier_id_idx ON read.settlement_imports (courier_id, imported_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read.settlement_imports`);
  }
}
