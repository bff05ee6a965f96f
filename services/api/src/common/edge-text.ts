import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { findTextViolation, textProblem, type TextProblem } from '#domain/shared/text-rules.js';

/**
 * The edge check: every text a client sends (URL path, query keys and values, the headers the
 * app reads, body keys and values) is held to the shop's one text rule before a handler, the
 * database or the log sees it. A refusal is a 400 naming the field, never a 500 from PostgreSQL
 * ("invalid byte sequence") or an event no projection can store.
 */

/**
 * Fields a person types over several lines (checkout delivery notes, poster and add-on
 * descriptions, announcement text): tab, line feed and carriage return are allowed there only.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['notes', 'description', 'descriptionAr', 'text', 'textAr']);

/** Headers whose values reach queries, commands or events (X-Request-Id has its own strict pattern). */
export const CHECKED_HEADERS = ['x-cart-id', 'idempotency-key', 'x-wait-for-position'] as const;

const HEADER_NAMES: Record<(typeof CHECKED_HEADERS)[number], string> = {
  'x-cart-id': 'X-Cart-Id',
  'idempotency-key': 'Idempotency-Key',
  'x-wait-for-position': 'X-Wait-For-Position',
};

/** Field names come from the client: a refusal quotes a bounded piece of one. */
const MAX_NAME_IN_MESSAGE = 80;

function named(name: string): string {
  return name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE)}…` : name;
}

function refusal(where: string, problem: TextProblem): string {
  return `${named(where)} contains a ${problem}`;
}

/**
 * The first key or value anywhere in a parsed body that breaks the rule, as a message naming it
 * (`customer.firstName contains a NUL byte`), or undefined. A bad key is not quoted: it is the
 * hostile text; the message names the object holding it.
 */
export function bodyTextRefusal(value: unknown, root = ''): string | undefined {
  const violation = findTextViolation(value, { multiLineKeys: MULTI_LINE_FIELDS, hideKeys: true }, root);
  if (!violation) return undefined;
  if (violation.inKey) return refusal(violation.path ? `a field name in ${violation.path}` : 'a field name', violation.problem);
  return refusal(violation.path === '(value)' ? 'the request body' : violation.path, violation.problem);
}

/** Bodies already checked at the edge: the global pipe sees the same object and skips it. */
const checkedBodies = new WeakSet<object>();

/** Throws a 400 naming the field; remembers an object body so it is walked once per request. */
export function assertBodyText(value: unknown, root = ''): void {
  if (value !== null && typeof value === 'object') {
    if (checkedBodies.has(value)) return;
    const message = bodyTextRefusal(value, root);
    if (message) throw new BadRequestException(message);
    checkedBodies.add(value);
    return;
  }
  if (typeof value === 'string') {
    const message = bodyTextRefusal(value, root);
    if (message) throw new BadRequestException(message);
  }
}

/** Marks a body that is known to be clean without a walk (see the JSON parser's byte scan). */
export function markBodyChecked(value: unknown): void {
  if (value !== null && typeof value === 'object') checkedBodies.add(value);
}

/** Percent-decoding (and `+` as space in queries); undefined for a malformed escape. Text without `%` is not copied. */
function decoded(text: string, plus: boolean): string | undefined {
  if (text.indexOf('%') < 0) return plus ? text.replace(/\+/g, ' ') : text;
  try {
    return decodeURIComponent(plus ? text.replace(/\+/g, ' ') : text);
  } catch {
    return undefined;
  }
}

/**
 * The URL path (percent-decoded: `%00` is a NUL), every query key and value, and the headers the
 * app reads. Decoding here, from the raw URL, holds whatever query parser Express uses to the
 * same rule; a malformed escape (`%zz`, an encoded lone surrogate) is refused too.
 */
export function requestTextRefusal(req: Pick<Request, 'url' | 'headers'>): string | undefined {
  const url = req.url;
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const path = decoded(rawPath, false);
  if (path === undefined) return 'URL path has a malformed percent-encoding';
  const pathProblem = textProblem(path);
  if (pathProblem) return refusal('URL path', pathProblem);

  if (q >= 0 && q < url.length - 1) {
    for (const pair of url.slice(q + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const key = decoded(eq < 0 ? pair : pair.slice(0, eq), true);
      if (key === undefined) return 'a query parameter name has a malformed percent-encoding';
      const keyProblem = textProblem(key);
      if (keyProblem) return refusal('a query parameter name', keyProblem);
      if (eq < 0) continue;
      const value = decoded(pair.slice(eq + 1), true);
      if (value === undefined) return `query parameter ${named(key)} has a malformed percent-encoding`;
      const valueProblem = textProblem(value);
      if (valueProblem) return refusal(`query parameter ${key}`, valueProblem);
    }
  }

  for (const header of CHECKED_HEADERS) {
    const value = req.headers[header];
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const problem = textProblem(v);
      if (problem) return refusal(`header ${HEADER_NAMES[header]}`, problem);
    }
  }
  return undefined;
}

/**
 * The longest URL taken, in characters as sent (percent-encoded): the path at most
 * MAX_PATH_LENGTH, path and query together at most MAX_URL_LENGTH. A server-rendered page
 * echoes its URL about a dozen times (canonical and language links, the 404's text), so a
 * 10,000-character path made a 192 KB page. The shop's own paths stay under 200 characters and a
 * 200-letter Arabic search is about 1,200 encoded; longer is a 414 that does not quote the URL,
 * and what is still echoed stays within a few kilobytes.
 */
export const MAX_PATH_LENGTH = 1024;
export const MAX_URL_LENGTH = 2048;

/** The edge middleware for URL, query and headers: runs before bodies are read. */
export function edgeTextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const q = req.url.indexOf('?');
  if (req.url.length > MAX_URL_LENGTH || (q < 0 ? req.url.length : q) > MAX_PATH_LENGTH) {
    return next(new HttpException(`URL is too long (path at most ${MAX_PATH_LENGTH} characters, with the query ${MAX_URL_LENGTH})`, HttpStatus.URI_TOO_LONG));
  }
  const message = requestTextRefusal(req);
  next(message ? new BadRequestException(message) : undefined);
}

/** After the body parsers: the parsed JSON or urlencoded body (multipart is the pipe's, later). */
export function bodyTextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  try {
    assertBodyText(req.body);
    next();
  } catch (e) {
    next(e);
  }
}
