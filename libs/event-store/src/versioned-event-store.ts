/**
 * An EventStore that speaks only the current schema of each event type (docs/adr/008): append
 * stamps metadata.schemaVersion where the writer left it out, and every read (stream, all,
 * subscription) upcasts older events. The adapters below it store and return events as written.
 */
import type { AppendResult, EventStore, Lag, NewEvent, Position, ReadAllOptions, ReadStreamOptions, RecordedEvent, Subscription, SubscribeOptions, ExpectedRevision } from './event-store.port.js';

export interface EventVersions {
  currentSchemaVersion(type: string): number;
  upcastEventData(type: string, schemaVersion: number | undefined, data: unknown): { data: unknown; schemaVersion: number };
}

export class VersionedEventStore implements EventStore {
  readonly oldestOpenTransactionAgeSeconds?: () => Promise<number>;

  constructor(
    private readonly inner: EventStore,
    private readonly versions: EventVersions,
  ) {
    if (inner.oldestOpenTransactionAgeSeconds) this.oldestOpenTransactionAgeSeconds = () => inner.oldestOpenTransactionAgeSeconds!();
  }

  append(stream: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const stamped = events.map((e) =>
      e.metadata.schemaVersion === undefined ? { ...e, metadata: { ...e.metadata, schemaVersion: this.versions.currentSchemaVersion(e.type) } } : e,
    );
    return this.inner.append(stream, stamped, options);
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(stream, options)).map((e) => this.upcast(e));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map((e) => this.upcast(e));
  }

  subscribeToAll(options?: SubscribeOptions): Subscription {
    const inner = this.inner.subscribeToAll(options);
    const upcast = (e: RecordedEvent): RecordedEvent => this.upcast(e);
    return {
      close: () => inner.close(),
      [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
        const it = inner[Symbol.asyncIterator]();
        return {
          next: async () => {
            const r = await it.next();
            return r.done ? r : { done: false, value: upcast(r.value) };
          },
          return: async (value?: unknown) => (it.return ? it.return(value) : { done: true, value: undefined }),
        };
      },
    };
  }

  headPosition(): Promise<Position> {
    return this.inner.headPosition();
  }

  lagAfter(position: Position, cap: number): Promise<Lag> {
    return this.inner.lagAfter(position, cap);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private upcast(e: RecordedEvent): RecordedEvent {
    const { data, schemaVersion } = this.versions.upcastEventData(e.type, e.metadata.schemaVersion, e.data);
    return data === e.data ? e : { ...e, data, metadata: { ...e.metadata, schemaVersion } };
  }
}
