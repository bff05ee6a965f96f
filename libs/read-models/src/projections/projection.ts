import type { ShopEventOf, ShopEventType } from '#domain/shop-event.js';
import type { EventStore, RecordedEvent } from '#event-store/event-store.port.js';
import { tableName } from '../table-spec.js';

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

/**
 * What a handler answers when it stops before an event it may not act on yet (a reactor that waits
 * for a writer's own follow-up): the events before it are done, and the checkpoint moves to just
 * before it, never past it, so a crash or a new owner meets it again. The runner leaves the
 * projection resting until `dueAt`, then reads from there. Only on the live slot: a replay never holds.
 */
export interface ProjectionHold {
  /** The first event not acted on. */
  event: Pick<RecordedEvent, 'id' | 'type' | 'position'>;
  /** When it may be acted on (epoch ms). */
  dueAt: number;
}

/**
 * What the runner runs: a projection as the shop defines one (defineProjection) or as an analyst
 * gives one to the replay CLI. The runner hands `handle` only events of `eventTypes`.
 */
export interface Projection {
  /** As stored in projector.checkpoints. */
  readonly name: string;
  /** Bump to rebuild the projection from position 0 beside the live tables, then swap. */
  readonly version: number;
  readonly eventTypes: readonly string[];
  /** Every table the handler writes (base names in schema read), state tables included. */
  readonly tables: readonly string[];
  /**
   * Applies a batch (log order) inside the transaction that also moves the checkpoint.
   * Must not call now(): rows depend only on events, so a replay gives identical tables.
   * A reactor may answer a hold (see ProjectionHold).
   */
  handle(events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void | ProjectionHold>;
}

/** A recorded event of one of the types `T`, its data in the domain's shape: `e.type` narrows `e.data`. */
export type RecordedShopEvent<T extends ShopEventType = ShopEventType> = T extends ShopEventType ? RecordedEvent<T, ShopEventOf<T>['data']> : never;

export type EntityClass = abstract new () => object;

/** One read model (or reactor) of the shop, as written once in its *.projection.ts file. */
export interface ProjectionDefinition<Name extends string, T extends ShopEventType> {
  /** As stored in projector.checkpoints; the API names it to wait for the tables it reads. */
  readonly name: Name;
  /** Bump to rebuild the projection from position 0 beside the live tables, then swap. */
  readonly version: number;
  /** The tables the API reads. */
  readonly tables: readonly EntityClass[];
  /** Its private inputs (`*_state`): rebuilt and time-travelled with it, never read by the API. */
  readonly stateTables?: readonly EntityClass[];
  /** Members of the ShopEvent union: a misspelt type does not compile. */
  readonly eventTypes: readonly T[];
  /**
   * Applies a batch (log order) inside the transaction that also moves the checkpoint, given
   * only events of `eventTypes`. Must not call now(): rows depend only on events, so a replay
   * gives identical tables. A reactor may answer a hold (see ProjectionHold).
   */
  handle(events: readonly RecordedShopEvent<T>[], ctx: ProjectionContext): Promise<void | ProjectionHold>;
  /**
   * Forgets what the projection derived from a subject's personal data (docs/adr/015): given, the
   * projection also follows PersonalDataErased, applied in log order between runs of its other
   * events. A projection whose events carry personal fields either erases or stores none of them
   * (personal-data-erasure.unit.spec.ts holds the reviewed list).
   */
  erase?(erasure: RecordedShopEvent<'PersonalDataErased'>, ctx: ProjectionContext): Promise<void>;
}

/** A shop projection: what the runner runs, plus what the read side derives from the list of them. */
export interface ShopProjection<Name extends string = string> extends Projection {
  readonly name: Name;
  /** Base names of the tables the API reads (`tables` also holds the state tables). */
  readonly readTables: readonly string[];
  /** Every entity it writes, for the DataSource's entity list. */
  readonly entities: readonly EntityClass[];
}

export function defineProjection<const Name extends string, T extends ShopEventType>(def: ProjectionDefinition<Name, T>): ShopProjection<Name> {
  const entities = [...def.tables, ...(def.stateTables ?? [])];
  const erase = def.erase?.bind(def);
  return {
    name: def.name,
    version: def.version,
    eventTypes: erase ? [...def.eventTypes, ERASURE] : def.eventTypes,
    tables: entities.map(tableName),
    readTables: def.tables.map(tableName),
    entities,
    // The runner reads the log filtered to eventTypes and hands each projection only its own
    // types, and the store upcasts every event to its current shape: the events are the ones typed.
    handle: erase
      ? (events, ctx) => applyWithErasures(events, ctx, (run) => def.handle(run as readonly RecordedShopEvent<T>[], ctx), erase)
      : (events, ctx) => def.handle(events as readonly RecordedShopEvent<T>[], ctx),
  };
}

const ERASURE = 'PersonalDataErased';

/**
 * A batch in log order: the runs of ordinary events between erasures go to the handler whole (its
 * bulk statements), each erasure after the run before it, so an order placed and its shopper
 * erased in one batch ends erased, as a replay that meets them in two batches does.
 */
async function applyWithErasures(
  events: readonly RecordedEvent[],
  ctx: ProjectionContext,
  handle: (run: readonly RecordedEvent[]) => Promise<void | ProjectionHold>,
  erase: (erasure: RecordedShopEvent<'PersonalDataErased'>, ctx: ProjectionContext) => Promise<void>,
): Promise<void | ProjectionHold> {
  let run: RecordedEvent[] = [];
  for (const e of events) {
    if (e.type !== ERASURE) {
      run.push(e);
      continue;
    }
    // A hold stops the batch there: nothing after the held event is applied yet.
    const hold = run.length > 0 ? await handle(run) : undefined;
    if (hold) return hold;
    run = [];
    await erase(e as RecordedShopEvent<'PersonalDataErased'>, ctx);
  }
  if (run.length > 0) return handle(run);
}
