/**
 * DomainError (libs/domain) → HTTP status. Kinds: validation → 400, not found → 404,
 * conflict (already exists, cart closed, …) → 409. Duck-typed on name/kind so an error thrown
 * by any copy of the domain module is recognised.
 */
const STATUS_BY_KIND: Record<string, number> = {
  validation: 400,
  invalid: 400,
  bad_request: 400,
  not_found: 404,
  notfound: 404,
  conflict: 409,
  forbidden: 403,
  unauthorized: 401,
};

export function domainErrorStatus(
  e: unknown,
): { status: number; message: string; code?: string; fieldErrors?: Record<string, string>; params?: Record<string, string | number> } | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const err = e as { name?: unknown; kind?: unknown; code?: unknown; message?: unknown; status?: unknown; fieldErrors?: unknown; params?: unknown };
  if (err.name !== 'DomainError') return undefined;
  const code = typeof err.code === 'string' ? err.code : undefined;
  const kind = typeof err.kind === 'string' ? err.kind.toLowerCase() : undefined;
  let status = (kind && STATUS_BY_KIND[kind]) || undefined;
  if (!status && typeof err.status === 'number') status = err.status;
  if (!status && code) {
    if (/NOT_FOUND/.test(code)) status = 404;
    else if (/CONFLICT|ALREADY|CLOSED|CHECKED_OUT|EXISTS|DUPLICATE/.test(code)) status = 409;
  }
  const fieldErrors = err.fieldErrors && typeof err.fieldErrors === 'object' ? (err.fieldErrors as Record<string, string>) : undefined;
  // The values a refusal names (a date, an amount): the storefront says the message in its own language.
  const params = err.params && typeof err.params === 'object' ? (err.params as Record<string, string | number>) : undefined;
  return { status: status ?? 400, message: typeof err.message === 'string' ? err.message : 'Bad request', code, ...(fieldErrors ? { fieldErrors } : {}), ...(params ? { params } : {}) };
}
