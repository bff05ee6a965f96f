import { ErrorType, NO_STREAM, type AppendExpectedRevision, type CurrentRevision } from '@eventstore/db-client';
import { EventStoreUnavailable, WrongExpectedRevision, type ExpectedRevision } from '../event-store.port.js';

/** gRPC status codes that mean "the server is not there (now)". */
const UNAVAILABLE_CODES = new Set([
  4, // DEADLINE_EXCEEDED
  14, // UNAVAILABLE: a refused port arrives as a plain gRPC error with this code, not UnavailableError
]);

const UNAVAILABLE_TYPES = new Set<string>([ErrorType.UNAVAILABLE, ErrorType.DEADLINE_EXCEEDED, ErrorType.TIMEOUT, ErrorType.NOT_LEADER]);

interface ClientError {
  type?: string;
  code?: number;
  message?: string;
  streamName?: string;
  expectedVersion?: AppendExpectedRevision;
  actualVersion?: CurrentRevision;
}

function fromClientRevision(r: AppendExpectedRevision | CurrentRevision | undefined): bigint | undefined {
  return typeof r === 'bigint' ? r : undefined;
}

/** Maps the client's errors to the port's; anything else passes through unchanged. */
export function toPortError(error: unknown, context: { stream?: string; expected?: ExpectedRevision } = {}): unknown {
  if (error instanceof WrongExpectedRevision || error instanceof EventStoreUnavailable) return error;
  if (typeof error !== 'object' || error === null) return error;
  const e = error as ClientError;
  if (e.type === ErrorType.WRONG_EXPECTED_VERSION) {
    const actual = e.actualVersion === NO_STREAM ? undefined : fromClientRevision(e.actualVersion);
    return new WrongExpectedRevision(context.stream ?? e.streamName ?? '?', context.expected ?? 'any', actual);
  }
  if ((e.type && UNAVAILABLE_TYPES.has(e.type)) || (typeof e.code === 'number' && UNAVAILABLE_CODES.has(e.code))) {
    return new EventStoreUnavailable(`EventStoreDB unavailable: ${e.message ?? String(error)}`, { cause: error });
  }
  return error;
}
