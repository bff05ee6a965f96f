import { eventTypeFilter, excludeSystemEvents, streamNameFilter, type AllStreamResolvedEvent, type Filter, type ResolvedEvent } from '@eventstore/db-client';
import { START, type EventFilter, type EventMetadata, type RecordedEvent } from '../event-store.port.js';

/**
 * Stream names as stored: `<namespace><stream>`. A namespace lets several independent logs (test
 * runs, or shops) share one server; each adapter instance sees only its own streams, named
 * without the prefix. The empty namespace is the whole log.
 */
export class Namespace {
  constructor(readonly prefix = '') {}

  stored(stream: string): string {
    return this.prefix + stream;
  }

  /** The port's name of a stored stream, or undefined when it belongs to another namespace. */
  own(storedStream: string): string | undefined {
    return storedStream.startsWith(this.prefix) ? storedStream.slice(this.prefix.length) : undefined;
  }
}

/** $-prefixed streams and types are EventStoreDB's own (stream metadata, projections, stats). */
function isSystem(e: { type: string; streamId: string }): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

export function matches(e: { type: string; streamId: string }, filter: EventFilter | undefined, ns: Namespace): boolean {
  if (isSystem(e)) return false;
  const stream = ns.own(e.streamId);
  if (stream === undefined) return false;
  if (filter?.eventTypes?.length && !filter.eventTypes.includes(e.type)) return false;
  if (filter?.streamPrefixes?.length && !filter.streamPrefixes.some((p) => stream.startsWith(p))) return false;
  return true;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The narrowest server-side filter; the rest is checked here (the server takes one criterion).
 * In a namespace the stream prefix is the one that keeps other namespaces' events off the wire.
 */
export function serverFilter(filter: EventFilter | undefined, ns: Namespace): Filter {
  const prefixes = filter?.streamPrefixes?.length ? filter.streamPrefixes : undefined;
  if (ns.prefix || prefixes) return streamNameFilter({ prefixes: (prefixes ?? ['']).map((p) => ns.stored(p)) });
  if (filter?.eventTypes?.length) return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  return excludeSystemEvents();
}

export function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent, ns: Namespace): RecordedEvent | undefined {
  const e = resolved.event;
  if (!e) return undefined;
  return {
    id: e.id,
    type: e.type,
    stream: ns.own(e.streamId) ?? e.streamId,
    revision: e.revision,
    position: e.position ? { commit: e.position.commit, prepare: e.position.prepare } : START,
    data: e.isJson ? e.data : JSON.parse(Buffer.from(e.data as Uint8Array).toString('utf8')),
    metadata: (e.metadata ?? {}) as EventMetadata,
    createdAt: e.created,
  };
}
