import { ErrorType, NO_STREAM, type AppendExpectedRevision, type CurrentRevision } from '@eventstore/db-client';
import { EventStoreUnavailable, WrongExpectedRevision, type ExpectedRevision } from '../event-store.port.js';

/** gRPC status codes (numbers, as a plain gRPC error carries them). */
const CANCELLED = 1;
const INVALID_ARGUMENT = 3;
const DEADLINE_EXCEEDED = 4;
const PERMISSION_DENIED = 7;
const ABORTED = 10;
const UNAVAILABLE = 14;
const UNAUTHENTICATED = 16;

/**
 * "The server is not there (now)": retrying later may succeed. CANCELLED is what the server
 * sends on streaming calls it ends while shutting down (the client drops cancellations of its own).
 * A refused port arrives as a plain gRPC error with code 14, not as UnavailableError.
 */
const UNAVAILABLE_CODES = new Set([CANCELLED, DEADLINE_EXCEEDED, UNAVAILABLE]);
const UNAVAILABLE_TYPES = new Set<string>([ErrorType.UNAVAILABLE, ErrorType.DEADLINE_EXCEEDED, ErrorType.TIMEOUT, ErrorType.NOT_LEADER, ErrorType.CANCELLED]);

/**
 * The server's write timeout: it received the append and may still commit it (an idempotent
 * retry it saw before the original was indexed is dropped the same way). "Maybe written", so the
 * same append, same event ids, can be sent again safely.
 */
const WRITE_TIMEOUT_TYPES = new Set<string>([ErrorType.DEADLINE_EXCEEDED, ErrorType.TIMEOUT]);
const WRITE_TIMEOUT_CODES = new Set([DEADLINE_EXCEEDED, ABORTED]);

export type RefusalReason = 'stream-deleted' | 'access-denied' | 'append-too-large' | 'bad-request';

/**
 * The server refused the request for good: retrying the same request cannot succeed, and none of
 * these comes from a shopper's input (event ids are ours, the shop never deletes streams), so it is
 * a deployment or programming error to report with its reason, not an outage.
 */
export class EventStoreRequestRefused extends Error {
  override readonly name = 'EventStoreRequestRefused';
  constructor(
    readonly reason: RefusalReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface ClientError {
  type?: string;
  code?: number;
  message?: string;
  streamName?: string;
  maxAppendSize?: number;
  expectedVersion?: AppendExpectedRevision;
  actualVersion?: CurrentRevision;
}

function fromClientRevision(r: AppendExpectedRevision | CurrentRevision | undefined): bigint | undefined {
  return typeof r === 'bigint' ? r : undefined;
}

function asClientError(error: unknown): ClientError | undefined {
  return typeof error === 'object' && error !== null ? (error as ClientError) : undefined;
}

export function isWriteTimeout(error: unknown): boolean {
  const e = asClientError(error);
  return !!e && ((!!e.type && WRITE_TIMEOUT_TYPES.has(e.type)) || (typeof e.code === 'number' && WRITE_TIMEOUT_CODES.has(e.code)));
}

function refusal(e: ClientError, stream: string | undefined): { reason: RefusalReason; message: string } | undefined {
  const where = stream ?? e.streamName ?? '$all';
  if (e.type === ErrorType.STREAM_DELETED) return { reason: 'stream-deleted', message: `EventStoreDB: stream ${e.streamName ?? where} was deleted` };
  if (e.type === ErrorType.ACCESS_DENIED || e.code === PERMISSION_DENIED || e.code === UNAUTHENTICATED) {
    return { reason: 'access-denied', message: `EventStoreDB denied access to ${where}: check the connection string's user and the stream's ACL` };
  }
  if (e.type === ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED) {
    return { reason: 'append-too-large', message: `EventStoreDB refused an append to ${where} larger than its maximum append size (${e.maxAppendSize ?? '?'} bytes)` };
  }
  if (e.type === ErrorType.INVALID_ARGUMENT || e.code === INVALID_ARGUMENT) return { reason: 'bad-request', message: `EventStoreDB refused a request on ${where}: ${e.message ?? 'invalid argument'}` };
  return undefined;
}

/** Maps the client's errors to the port's (or EventStoreRequestRefused); anything else passes through unchanged. */
export function toPortError(error: unknown, context: { stream?: string; expected?: ExpectedRevision } = {}): unknown {
  if (error instanceof WrongExpectedRevision || error instanceof EventStoreUnavailable || error instanceof EventStoreRequestRefused) return error;
  const e = asClientError(error);
  if (!e) return error;
  if (e.type === ErrorType.WRONG_EXPECTED_VERSION) {
    const actual = e.actualVersion === NO_STREAM ? undefined : fromClientRevision(e.actualVersion);
    return new WrongExpectedRevision(context.stream ?? e.streamName ?? '?', context.expected ?? 'any', actual);
  }
  if ((e.type && UNAVAILABLE_TYPES.has(e.type)) || (typeof e.code === 'number' && UNAVAILABLE_CODES.has(e.code))) {
    return new EventStoreUnavailable(`EventStoreDB unavailable: ${e.message || e.type || String(error)}`, { cause: error });
  }
  const refused = refusal(e, context.stream);
  if (refused) return new EventStoreRequestRefused(refused.reason, refused.message, { cause: error });
  return error;
}
