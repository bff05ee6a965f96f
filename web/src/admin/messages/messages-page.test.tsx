import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { storeSession } from '../auth/admin-session';
import { renderAdmin } from '../testing/render-admin';
import { MessagesPage } from './messages-page';

const tokenFor = (srole: string) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'someone', role: 'ADMIN', srole, exp: Math.floor(Date.now() / 1000) + 1800 }))}.sig`;

const message = (id: string, over: Record<string, unknown>) => ({
  id, orderId: 'o1', orderNumber: 'PS-AAAA1111', kind: 'orderPlaced', channel: 'email', status: 'sent', attempts: 1, provider: 'smtp',
  lastError: null, factAt: '2026-11-27T10:00:00.000Z', nextAttemptAt: '2026-11-27T10:00:00.000Z', sentAt: '2026-11-27T10:00:01.000Z', retryable: false, ...over,
});
const MESSAGES = [
  message('m1', {}),
  message('m2', { kind: 'orderConfirmed', status: 'failed', attempts: 6, provider: null, lastError: 'delivery failed: SMTP 451', retryable: true }),
  message('m3', { channel: 'phone', status: 'skipped', provider: null, lastError: 'not sent: no SMS provider configured', sentAt: null }),
];
const retried: string[] = [];
const asked: URLSearchParams[] = [];

const server = setupServer(
  http.get('*/api/admin/messages', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const data = MESSAGES.filter((m) => !params.get('status') || m.status === params.get('status'));
    return HttpResponse.json({ data, currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 50, hasNextPage: false, hasPreviousPage: false });
  }),
  http.get('*/api/admin/messages/m1', () =>
    HttpResponse.json({ ...MESSAGES[0], language: 'ar', to: 'mona@example.com', subject: 'استلمنا طلبك PS-AAAA1111', body: 'مرحباً منى،', whatsapp: null }),
  ),
  http.get('*/api/admin/message-templates', () =>
    HttpResponse.json([
      { kind: 'orderPlaced', channel: 'email', language: 'en', subject: 'We received your order {{orderNumber}}', body: 'Hello {{firstName}}', custom: false },
      { kind: 'orderPlaced', channel: 'email', language: 'ar', subject: 'استلمنا طلبك {{orderNumber}}', body: 'مرحباً {{firstName}}', custom: false },
    ]),
  ),
  http.post('*/api/admin/message-templates/preview', async ({ request }) => {
    const body = (await request.json()) as { subject: string; body: string };
    if (body.body.includes('{{nope}}')) return HttpResponse.json({ statusCode: 400, message: 'Unknown placeholder {{nope}}', fieldErrors: { body: 'Unknown placeholder {{nope}}' } }, { status: 400 });
    return HttpResponse.json({ subject: body.subject.replace('{{orderNumber}}', 'PS-7KQ4-M2XD'), body: body.body.replace('{{firstName}}', 'Mona') });
  }),
  http.post('*/api/admin/messages/:id/retry', ({ params }) => {
    retried.push(String(params.id));
    return HttpResponse.json({ id: params.id, status: 'pending' }, { status: 202 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Messages page', () => {
  it('lists each message with its order, channel, provider and status; a failure says why and a manager may retry it', async () => {
    storeSession(tokenFor('manager'));
    renderAdmin(<MessagesPage />);
    const rows = await screen.findAllByTestId('message-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('PS-AAAA1111Order receivedE-mailvia smtpsent'),
      expect.stringContaining('Order confirmedE-mailfailed6 attemptsdelivery failed: SMTP 451'),
      expect.stringContaining('Order receivedSMS / WhatsAppskippednot sent: no SMS provider configured'),
    ]);
    expect(within(rows[0]).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retried).toEqual(['m2']));
  });

  it('lets a manager edit a template: the preview fills it on a made-up order, and a refusal is shown under the field it names', async () => {
    storeSession(tokenFor('manager'));
    renderAdmin(<MessagesPage />);
    const editor = await screen.findByRole('region', { name: 'Message templates' });
    await waitFor(() => expect(within(editor).getByLabelText('Subject')).toHaveValue('We received your order {{orderNumber}}'));
    await userEvent.selectOptions(within(editor).getByLabelText('Language'), 'ar');
    await waitFor(() => expect(within(editor).getByLabelText('Subject')).toHaveValue('استلمنا طلبك {{orderNumber}}'));
    await userEvent.click(within(editor).getByRole('button', { name: 'Preview' }));
    const preview = await within(editor).findByTestId('template-preview');
    expect(preview).toHaveAttribute('lang', 'ar');
    expect(preview.textContent).toContain('استلمنا طلبك PS-7KQ4-M2XD');
    await userEvent.type(within(editor).getByLabelText('Text'), ' {{{{nope}}');
    await userEvent.click(within(editor).getByRole('button', { name: 'Preview' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent('Unknown placeholder {{nope}}');
  });

  it('shows a message\'s text in its language, and filters by status on the server', async () => {
    storeSession(tokenFor('agent'));
    renderAdmin(<MessagesPage />);
    const rows = await screen.findAllByTestId('message-row');
    // The call centre reads messages but neither sends them again nor words them.
    expect(within(rows[1]).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Message templates' })).toBeNull();
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Show' }));
    const text = await screen.findByTestId('message-text');
    expect(text).toHaveAttribute('lang', 'ar');
    expect(text).toHaveAttribute('dir', 'rtl');
    expect(text.textContent).toContain('استلمنا طلبك PS-AAAA1111');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
    expect(asked.at(-1)?.get('status')).toBe('failed');
  });
});
