import type { ErrorInfo } from 'react';

/** The prefix of the console line every recoverable error gets: the browser suite fails on any. */
export const RECOVERABLE_ERROR_PREFIX = '[recoverable]';

/**
 * React recovers from a page whose first client render differs from the server's HTML by rendering
 * that part again on the client: the shopper sees nothing wrong, but the server's work is thrown
 * away and the page jumps. Said once on the console, with the component that differed, so a
 * mismatch shows in development and fails the browser suite.
 */
export function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${RECOVERABLE_ERROR_PREFIX} ${message}${info.componentStack ?? ''}`);
}
