/**
 * An EventStore that speaks only the current schema of each event type (docs/adr/008): append
 * stamps metadata.schemaVersion where the writer left it out, and every read (stream, all,
 * subscription) upcasts older events. With a personal-data cipher (docs/adr/012) it also
 * encrypts personal fields before the append and decrypts them on read, before upcasting. The
 * adapters below it store and return events as written.
 */
import type { PersonalDataCipher } from './personal-data/personal-data-cipher.js';
import { assertStorable } from './event-store.port.js';
import type { AppendResult, EventStore, Lag, NewEvent, Position, ReadAllOptions, ReadStreamOptions, RecordedEvent, Subscription, SubscribeOptions, ExpectedRevision } from './event-store.port.js';

export interface EventVersions {
  currentSchemaVersion(type: string): number;
  /** `metadata`: the event's, as stored (an upcaster may read who wrote it). */
  upcastEventData(type: string, schemaVersion: number | undefined, data: unknown, metadata?: unknown): { data: unknown; schemaVersion: number };
}

export class VersionedEventStore implements EventStore {
  readonly oldestOpenTransactionAgeSeconds?: () => Promise<number>;

  constructor(
    private readonly inner: EventStore,
    private readonly versions: EventVersions,
    /** Absent: events are stored as written (a log without personal data, the benchmark's baseline). */
    readonly personalData?: PersonalDataCipher,
  ) {
    if (inner.oldestOpenTransactionAgeSeconds) this.oldestOpenTransactionAgeSeconds = () => inner.oldestOpenTransactionAgeSeconds!();
  }

  async append(stream: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const stamped = events.map((e) =>
      e.metadata.schemaVersion === undefined ? { ...e, metadata: { ...e.metadata, schemaVersion: this.versions.currentSchemaVersion(e.type) } } : e,
    );
    if (!this.personalData) return this.inner.append(stream, stamped, options);
    // Refused as written, before encryption hides the text the log would refuse (event-store.port.ts).
    assertStorable(stream, stamped);
    return this.inner.append(stream, await this.personalData.seal(stream, stamped), options);
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.open(await this.inner.readStream(stream, options))).map((e) => this.upcast(e));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.open(await this.inner.readAll(options))).map((e) => this.upcast(e));
  }

  subscribeToAll(options?: SubscribeOptions): Subscription {
    const cipher = this.personalData;
    const inner = this.inner.subscribeToAll(cipher ? { ...options, preparePage: (events) => cipher.prefetch(events) } : options);
    const upcast = async (e: RecordedEvent): Promise<RecordedEvent> => this.upcast(cipher ? await cipher.openOne(e) : e);
    return {
      close: () => inner.close(),
      [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
        const it = inner[Symbol.asyncIterator]();
        return {
          next: async () => {
            const r = await it.next();
            return r.done ? r : { done: false, value: await upcast(r.value) };
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

  /** Once: a second call waits for the first (a test that stops the shop's stores before its kit closes them). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.inner.close();
      await this.personalData?.keys.close();
    })();
    return this.closing;
  }

  private closing: Promise<void> | undefined;

  private open(events: RecordedEvent[]): Promise<RecordedEvent[]> | RecordedEvent[] {
    return this.personalData ? this.personalData.open(events) : events;
  }

  private upcast(e: RecordedEvent): RecordedEvent {
    const { data, schemaVersion } = this.versions.upcastEventData(e.type, e.metadata.schemaVersion, e.data, e.metadata);
    return data === e.data ? e : { ...e, data, metadata: { ...e.metadata, schemaVersion } };
  }
}
