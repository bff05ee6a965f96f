import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store';
import { api } from './api';
import { registerNavigate } from './navigation';
import { useMswServer } from '../test/handlers';

const server = useMswServer();

// A throwaway endpoint set on the one API slice, as a feature would inject it.
const probeApi = api.injectEndpoints({
  endpoints: (b) => ({
    probeRead: b.query<unknown, string>({ query: (path) => path }),
    probeWrite: b.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST', body: {} }) }),
  }),
});

describe('the api base query', () => {
  it('sends token, cart id and XSRF header; stores a renewed token and a new cart id', async () => {
    window.localStorage.setItem('auth-token', 'old-token');
    window.localStorage.setItem('cart-id', 'cart-a');
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    let headers: Headers | null = null;
    server.use(
      http.post('*/api/things', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ cartId: 'cart-b' }, { headers: { 'X-Renewed-Token': 'new-token' } });
      }),
    );
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeWrite.initiate('/things')).unwrap();
    expect(headers!.get('Authorization')).toBe('Bearer old-token');
    expect(headers!.get('X-Cart-Id')).toBe('cart-a');
    expect(headers!.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(window.localStorage.getItem('auth-token')).toBe('new-token');
    expect(window.localStorage.getItem('cart-id')).toBe('cart-b');
  });

  it.each(['read first', 'command first'])('a read and a command sent before the visitor had a cart, answered %s: the command\'s cart is kept', async (order) => {
    const release = { read: () => {}, add: () => {} };
    const held = { read: new Promise<void>((r) => (release.read = r)), add: new Promise<void>((r) => (release.add = r)) };
    server.use(
      // The page's first read of the cart names an empty cart of its own; the command fills another.
      http.get('*/api/cart-read', async () => {
        await held.read;
        return HttpResponse.json({ cartId: 'cart-empty' });
      }),
      http.post('*/api/cart-add', async () => {
        await held.add;
        return HttpResponse.json({ cartId: 'cart-filled' });
      }),
    );
    const store = makeStore();
    const read = store.dispatch(probeApi.endpoints.probeRead.initiate('/cart-read'));
    const add = store.dispatch(probeApi.endpoints.probeWrite.initiate('/cart-add'));
    const [first, second] = order === 'read first' ? [release.read, release.add] : [release.add, release.read];
    first();
    await (order === 'read first' ? read.unwrap() : add.unwrap());
    second();
    await Promise.all([read.unwrap(), add.unwrap()]);
    expect(window.localStorage.getItem('cart-id')).toBe('cart-filled');
  });

  it('reads its own writes: a later query waits for the position the last command returned', async () => {
    const waits: (string | null)[] = [];
    // An admin's answer holds the raw position; a shopper's an opaque token, sent back unchanged.
    const answers = ['120/118', 'rw1.Zm9vYmFy_-x'];
    server.use(
      http.post('*/api/commands', () => HttpResponse.json({}, { headers: { 'X-Event-Position': answers.shift()! } })),
      http.get('*/api/reads', ({ request }) => {
        waits.push(request.headers.get('X-Wait-For-Position'));
        return HttpResponse.json([]);
      }),
    );
    const store = makeStore();
    for (const round of [1, 2]) {
      await store.dispatch(probeApi.endpoints.probeWrite.initiate('/commands')).unwrap();
      await store.dispatch(probeApi.endpoints.probeRead.initiate(`/reads?round=${round}`)).unwrap();
    }
    expect(waits).toEqual(['120/118', 'rw1.Zm9vYmFy_-x']);
  });

  it('on a 401 from an admin call clears the token and goes to /login, remembering the page', async () => {
    window.localStorage.setItem('auth-token', 'expired');
    window.history.pushState({}, '', '/admin/orders?status=PLACED');
    const navigations: { to: string; state: unknown }[] = [];
    registerNavigate((to, opts) => navigations.push({ to, state: opts?.state }));
    server.use(http.get('*/api/admin/orders', () => HttpResponse.json({ statusCode: 401, message: 'Unauthorized' }, { status: 401 })));
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeRead.initiate('/admin/orders'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('auth-token')).toBeNull();
    expect(navigations).toEqual([{ to: '/login', state: { from: '/admin/orders?status=PLACED' } }]);
    window.history.pushState({}, '', '/');
  });

  it('retries a failed read once by default, never a write', async () => {
    let reads = 0;
    let writes = 0;
    server.use(
      http.get('*/api/flaky', () => (++reads === 1 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ ok: true }))),
      http.post('*/api/flaky', () => {
        writes++;
        return HttpResponse.json({}, { status: 503 });
      }),
    );
    const store = makeStore();
    await expect(store.dispatch(probeApi.endpoints.probeRead.initiate('/flaky')).unwrap()).resolves.toEqual({ ok: true });
    await expect(store.dispatch(probeApi.endpoints.probeWrite.initiate('/flaky')).unwrap()).rejects.toMatchObject({ status: 503 });
    expect(reads).toBe(2);
    expect(writes).toBe(1);
  });

  it('repeats a write once when the XSRF cookie arrived only with the refusal', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const sent: (string | null)[] = [];
    server.use(
      http.post('*/api/guarded', ({ request }) => {
        const header = request.headers.get('X-XSRF-TOKEN');
        sent.push(header);
        if (header !== 'fresh') {
          document.cookie = 'XSRF-TOKEN=fresh; path=/';
          return HttpResponse.json({ statusCode: 403, message: 'Invalid or missing XSRF token' }, { status: 403 });
        }
        return HttpResponse.json({ ok: true });
      }),
    );
    const store = makeStore();
    await expect(store.dispatch(probeApi.endpoints.probeWrite.initiate('/guarded')).unwrap()).resolves.toEqual({ ok: true });
    expect(sent).toEqual([null, 'fresh']);
  });
});
