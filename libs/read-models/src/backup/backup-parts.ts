import type { SchemaDefinition } from './schema-definition.js';

/**
 * A backup is two parts, each its own directory, so they can be kept on different media by
 * different people:
 * - the log: the event store's schema. Everything the shop knows is in it (orders, order-number
 *   reservations, the catalogue, admin accounts); the read models and the projector's
 *   checkpoints are not backed up, since the projector builds them again from the log.
 * - the keys: the key store's schema (the per-person data keys that open the personal fields of
 *   the log), the rows of `staff_auth` (second factors, hashed recovery codes, sessions; sealed as
 *   at rest, under a key derived from the signing secret beside them), the secrets `npm start`
 *   generated in DATA_DIR (the first admin's password while it is unchanged, the token-signing
 *   secret), so a restored shop signs in as before, two-factor included; and the erasure ledger.
 * Apart because the log's personal fields are encrypted under those keys: a copy of the log
 * alone reveals no one, and destroying a person's key (erasure) reaches every log backup without
 * editing any of them. Never move a key-store schema into the log's part.
 */
export const BACKUP_PARTS = {
  log: { schemas: ['event_store'], rowsOnlySchemas: [] as string[], dataDirFiles: [] as string[] },
  // staff_auth is made by the read models' migrations, which every restore runs: only its rows are
  // kept, and loaded into the tables those migrations make.
  keys: { schemas: ['keystore'], rowsOnlySchemas: ['staff_auth'], dataDirFiles: ['admin-password', 'jwt-secret'] },
} as const;

export type BackupPart = keyof typeof BACKUP_PARTS;

export const BACKUP_FORMAT = 'poster-shop-backup/1';
export const MANIFEST_FILE = 'manifest.json';

/** manifest.json of one part's directory, written last: a directory without it is no backup. */
export interface PartManifest {
  format: typeof BACKUP_FORMAT;
  part: BackupPart;
  /** The same in both parts of one backup: a restore refuses a pair from two backups. */
  backupId: string;
  takenAt: string;
  postgresVersion: string;
  /** The part's schemas present when it was taken (a key store may not exist yet). */
  schemas: SchemaDefinition[];
  absentSchemas: string[];
  tables: TableData[];
  sequenceValues: SequenceValue[];
  /** Rows of tables the migrations make (`rowsOnlySchemas`), loaded into them after they ran. */
  rowsOnly?: RowsOnlyTable[];
  /** Files copied from DATA_DIR, under files/. */
  dataDirFiles: string[];
  /** The keys part only: the erasure ledger, in ERASURES_FILE. */
  erasures?: { count: number; sha256: string };
  /** The log's part only. */
  log?: {
    events: number;
    /**
     * The highest writing-transaction id in the log. Readers take events below the oldest
     * running transaction, so a restored server's transaction counter must first pass it.
     */
    maxTxId: string;
  };
}

export interface TableData {
  table: string;
  /** Under data/: one JSON object a row (row_to_json), gzip. */
  file: string;
  rows: number;
  sha256: string;
}

export interface RowsOnlyTable extends TableData {
  /** Its columns when taken: a restore loads those the migrated table still has. */
  columns: string[];
}

export interface SequenceValue {
  sequence: string;
  lastValue: string;
  isCalled: boolean;
}
