import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { useMswServer } from '../../test/handlers';
import { storeSession } from '../auth/admin-session';
import { ordersApi } from '../orders/orders-api';
import { parseLiveEvents, startLiveUpdates } from './live-updates';

const server = useMswServer();
const token = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'alice', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 1800 }))}.sig`;
const encoder = new TextEncoder();
let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('parseLiveEvents', () => {
  it('takes the projections of complete change events and keeps a partial one for the next chunk', () => {
    const first = parseLiveEvents('retry: 2000\nevent: ready\ndata: {}\n\n: heartbeat\n\nevent: change\ndata: {"projections":["orders","dashboard"]}\n\nevent: chan');
    expect(first).toEqual({ projections: ['orders', 'dashboard'], rest: 'event: chan' });
    expect(parseLiveEvents(`${first.rest}ge\ndata: {"projections":["customers"]}\n\n`)).toEqual({ projections: ['customers'], rest: '' });
    expect(parseLiveEvents('event: change\ndata: {not json\n\n').projections).toEqual([]);
  });
});

describe('startLiveUpdates', () => {
  it('sends the bearer token and refetches the orders shown when the server says orders changed', async () => {
    storeSession(token);
    let historyCalls = 0;
    let authorization: string | null = null;
    let push: ((text: string) => void) | undefined;
    server.use(
      http.get('*/api/admin/orders/:id/history', () => {
        historyCalls++;
        return HttpResponse.json({ orderId: 'o1', orderNumber: 'PS-1', events: [] });
      }),
      http.get('*/api/admin/live', ({ request }) => {
        authorization = request.headers.get('Authorization');
        const body = new ReadableStream({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push('event: ready\ndata: {}\n\n');
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const store = makeStore();
    const query = store.dispatch(ordersApi.endpoints.getOrderHistory.initiate('o1'));
    await query;
    expect(historyCalls).toBe(1);

    stop = startLiveUpdates(store.dispatch);
    await waitFor(() => expect(push).toBeDefined());
    expect(authorization).toBe(`Bearer ${token}`);
    push!('event: change\ndata: {"projections":["posters"]}\n\n');
    push!('event: change\ndata: {"projections":["orders"]}\n\n');
    await waitFor(() => expect(historyCalls).toBe(2));
    query.unsubscribe();
  });
});
