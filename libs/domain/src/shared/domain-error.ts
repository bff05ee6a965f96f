/**
 * The one error a decider throws. `kind` tells the API which HTTP status family to answer
 * (validation → 400, not_found → 404, conflict → 409) without the domain knowing about HTTP;
 * `code` is stable for tests and clients, `message` is the user-facing text the shop shows.
 */
export type DomainErrorKind = 'validation' | 'not_found' | 'conflict';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind = 'validation',
    /** Per-field messages (checkout form), so the client can mark every invalid field at once. */
    readonly fieldErrors?: Readonly<Record<string, string>>,
    /** The values the message names (a date, an amount), so a client can say it in its own language. */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }

  static validation(code: string, message: string, fieldErrors?: Record<string, string>): DomainError {
    return new DomainError(code, message, 'validation', fieldErrors);
  }

  static notFound(code: string, message: string): DomainError {
    return new DomainError(code, message, 'not_found');
  }

  static conflict(code: string, message: string, params?: Record<string, string | number>): DomainError {
    return new DomainError(code, message, 'conflict', undefined, params);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
