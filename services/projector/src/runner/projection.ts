import { projectionTables, type ProjectionName } from '#read-models/projection-names.js';
import type { EventStore, RecordedEvent } from '#event-store/event-store.port.js';

/** A query on the projection's transaction (raw pg: the hot path, bulk statements). */
export type Sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

/** What a projection's handler is given: its transaction and where its tables live right now. */
export interface ProjectionContext {
  sql: Sql;
  /**
   * Qualified name of one of the projection's tables: `read.posters` for the live slot,
   * `read.posters__build` while a new version is rebuilt, `"<schema>".posters` for time travel.
   */
  table(name: string): string;
  /**
   * The event log, given only on the live slot: reactors append the events a fact implies
   * (idempotently, with ids derived from it). Rebuilds and time travel leave it out, so a
   * replay never writes to the log; read models never use it.
   */
  log?: EventStore;
}

export interface Projection {
  /** As stored in projector.checkpoints and listed in #read-models/projection-names.js. */
  readonly name: string;
  /** Bump to rebuild the projection from position 0 beside the live tables, then swap. */
  readonly version: number;
  readonly eventTypes: readonly string[];
  /** Every table the handler writes (base names in schema read), state tables included. */
  readonly tables: readonly string[];
  /**
   * Applies a batch (log order) inside the transaction that also moves the checkpoint.
   * Must not call now(): rows depend only on events, so a replay gives identical tables.
   */
  handle(events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
}

/** A projection of #read-models/projection-names.js: its tables are the ones listed there under its name. */
export function defineProjection(name: ProjectionName, def: Omit<Projection, 'name' | 'tables'>): Projection {
  return { name, tables: projectionTables(name), ...def };
}
