import { EventStoreUnavailable } from '../event-store.port.js';

/**
 * @eventstore/db-client 6.2.1 waits forever on an endpoint that accepts TCP but never answers,
 * even with `deadline`: every call goes through this, and `onTimeout` cancels what can be cancelled.
 */
export function withTimeout<T>(operation: string, work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new EventStoreUnavailable(`EventStoreDB did not answer ${operation} within ${ms} ms`));
    }, ms);
  });
  // The losing promise may still reject later; that must not surface as unhandled.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
