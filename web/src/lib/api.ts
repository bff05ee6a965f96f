import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { AUTH_TOKEN_KEY, CART_ID_KEY, readStorage, writeStorage } from './storage';
import { navigateTo } from './navigation';

/** Per-endpoint retry policy, given as `extraOptions: { retry: {...} }`. */
export interface RetryPolicy {
  /** Wait before each further attempt, in ms: [500, 500] means two more tries 500 ms apart. */
  delays: number[];
  /** Which failures are worth another try; default: network errors, timeouts and 5xx. */
  retryIf?: (error: FetchBaseQueryError) => boolean;
}
export interface ApiExtraOptions {
  retry?: RetryPolicy;
}

/** One retry by default for reads; writes are never retried blindly (a retried write could apply twice). */
export const DEFAULT_QUERY_RETRY: RetryPolicy = { delays: [500] };
export const NO_RETRY: RetryPolicy = { delays: [] };

/** Tests set this to 0 so retry timings do not slow them down. */
export const retryTiming = { scale: 1 };

export function isTransient(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500 || error.status === 408 || error.status === 429;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

// Read-your-writes: the last event position a command answered with (an admin's raw position,
// a shopper's opaque token: either is sent back as it came) is sent on later reads, so the API
// waits until the projections it reads have caught up with our own write.
let lastWrittenPosition: string | null = null;
export function lastEventPosition(): string | null {
  return lastWrittenPosition;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

const apiBase = typeof window !== 'undefined' && window.location?.origin ? `${window.location.origin}/api` : '/api';

// Server rendering (src/entry-server.tsx) has no window to resolve '/api' against: it names the
// API's own origin once, and every request URL is made absolute against it.
let serverApiBase: string | null = null;
export function setServerApiOrigin(origin: string): void {
  serverApiBase = `${origin}/api`;
}
function onServer(args: string | FetchArgs): string | FetchArgs {
  if (!serverApiBase) return args;
  const absolute = (url: string) => `${serverApiBase}${url.startsWith('/') ? '' : '/'}${url}`;
  return typeof args === 'string' ? absolute(args) : { ...args, url: absolute(args.url) };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase,
  credentials: 'include',
  cache: 'no-store',
  timeout: 60_000,
  prepareHeaders: (headers, { type }) => {
    const token = readStorage(AUTH_TOKEN_KEY);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    const cartId = readStorage(CART_ID_KEY);
    if (cartId) headers.set('X-Cart-Id', cartId);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    if (type === 'query' && lastWrittenPosition) headers.set('X-Wait-For-Position', lastWrittenPosition);
    return headers;
  },
});

function requestUrl(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}
function requestMethod(args: string | FetchArgs): string {
  return (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
}

/** Admin calls: the /api/admin paths, which all need the bearer token. */
function isAdminCall(url: string): boolean {
  return /^\/?(admin|products|pricing|gallery\/)/.test(url);
}
function isLoginCall(url: string): boolean {
  return /^\/?admin\/(auth\/)?login/.test(url);
}

/**
 * A command's answer names the cart it wrote to: that cart is the visitor's from now on. A read's
 * answer names a cart only if no other answer stored one since the read went out (`sentCart`): a
 * read and a tap on "Add to Cart" sent before the visitor had a cart (the page's first read, right
 * after loading) each get a cart, and the read, answering last, must not replace the filled one.
 */
function rememberFromResponse(response: Response | undefined, data: unknown, sent: { method: string; cart: string | null }): void {
  if (!response) return;
  const headerCart = response.headers.get('X-Cart-Id');
  const bodyCart =
    data && typeof data === 'object' && typeof (data as { cartId?: unknown }).cartId === 'string'
      ? (data as { cartId: string }).cartId
      : null;
  const cartId = bodyCart ?? headerCart;
  if (cartId && (sent.method !== 'GET' || readStorage(CART_ID_KEY) === sent.cart)) writeStorage(CART_ID_KEY, cartId);
  const renewed = response.headers.get('X-Renewed-Token');
  if (renewed) writeStorage(AUTH_TOKEN_KEY, renewed);
  const position = response.headers.get('X-Event-Position');
  if (position) lastWrittenPosition = position;
}

function onUnauthorized(): void {
  writeStorage(AUTH_TOKEN_KEY, null);
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === '/login') return;
  navigateTo('/login', { replace: true, state: { from: here } });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms * retryTiming.scale));

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const method = requestMethod(args);
  const policy = extraOptions?.retry ?? (method === 'GET' ? DEFAULT_QUERY_RETRY : NO_RETRY);
  const retryIf = policy.retryIf ?? isTransient;
  let xsrfRetried = false;
  for (let attempt = 0; ; attempt++) {
    const sent = { method, cart: readStorage(CART_ID_KEY) };
    const result = await rawBaseQuery(onServer(args), api, {});
    rememberFromResponse(result.meta?.response, result.data ?? (result.error as { data?: unknown } | undefined)?.data, sent);
    if (!result.error) return result;
    const url = requestUrl(args);
    if (result.error.status === 401 && !isLoginCall(url) && (isAdminCall(url) || readStorage(AUTH_TOKEN_KEY))) {
      onUnauthorized();
      return result;
    }
    // The first write of a visit can beat the XSRF cookie; the refusal sets it, so one more try.
    if (result.error.status === 403 && !xsrfRetried && /xsrf/i.test(errorMessage(result.error, '')) && readCookie('XSRF-TOKEN')) {
      xsrfRetried = true;
      attempt--;
      continue;
    }
    if (attempt >= policy.delays.length || !retryIf(result.error) || api.signal.aborted) return result;
    await sleep(policy.delays[attempt]);
  }
};

/**
 * The one API slice for /api. Its endpoints and hooks are generated from the API's OpenAPI document
 * (web/src/api/generated-*.ts, `npm run openapi`); each <feature>-api.ts adds tags, retries and cache
 * writes with `enhanceEndpoints`, and hand-writes only what the document cannot express.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Cart',
    'Poster',
    'Product',
    'Category',
    'Discount',
    'Promo',
    'Order',
    'Customer',
    'Subscriber',
    'Announcement',
    'Gallery',
    'Pricing',
    'Dashboard',
    'Event',
    'Projection',
    'Job',
    'Config',
    // The call-to-confirm queue (live updates invalidate it too).
    'CallQueue',
    'Staff',
    'Session',
    'TwoFactor',
    'Courier',
    // Messages to customers (the outbox): the list, one order's, and a retry.
    'Message',
    'MessageTemplate',
  ],
  refetchOnFocus: false,
  endpoints: () => ({}),
});

/** The server's error text (`{ statusCode, message }`; message may be a list from validation). */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  if (data && typeof data === 'object') {
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
    if (Array.isArray(m) && m.length && typeof m[0] === 'string') return m.join(', ');
  }
  if (typeof data === 'string' && data.trim() && data.length < 300 && !data.trim().startsWith('<')) return data;
  return fallback;
}

export function errorStatus(error: unknown): number | string | undefined {
  return (error as { status?: number | string } | undefined)?.status;
}
