import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import type { NewEvent } from '#event-store/event-store.port.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { couriersStream, orderStream } from '#domain/streams.js';
import { smtpMessageId } from '#domain/messages/message-id.js';
import { composeMessage } from '#domain/messages/compose-message.js';
import { MESSAGE_KINDS } from '#domain/messages/message-table.js';
import { latinLeaks } from '#domain/shared/customer-words.js';
import { customerMessagesReactor, OUTBOX_TABLE } from '#read-models/projections/customer-messages.reactor.js';
import { applyBatch } from '../runner/apply-batch.js';
import { createProjectorTestDb, type TestDb } from '../testing/projector-test-kit.js';
import type { MessageConfig } from '#platform/config/message-config.js';
import { MessageDispatcher } from './message-dispatcher.js';
import { logProvider, smtpProvider, type MessageProvider } from './message-providers.js';

interface Received { raw: string; to: string[] }

/** A real SMTP server in this process: what the shop hands it is what a mail server would get. */
async function startSmtp(): Promise<{ port: number; received: Received[]; server: SMTPServer }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ raw: Buffer.concat(chunks).toString('utf8'), to: session.envelope.rcptTo.map((r) => r.address) });
        done();
      });
    },
  });
  // A sender that drops its connection makes the server emit 'error'; unheard, it would throw here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as { port: number }).port, received, server };
}

/** A header, its encoded words (RFC 2047, as nodemailer writes non-ASCII) decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
  return value
    ?.replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
}

/** Text as a reader sees it: each value's isolate (FSI … PDI) is invisible. */
const seen = (text: string | undefined) => text?.replace(/[\u2068\u2069]/g, '');

/** A MIME entity's headers (unfolded, names lower-cased) and its body, decoded from its transfer encoding. */
function entity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'base64') return { headers, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return { headers, body: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  return { headers, body };
}

/** The leaf parts of a message by their type (text/plain, text/html), multipart bodies opened. */
function partsOf(raw: string): Record<string, string> {
  const { headers, body } = entity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return { [type.split(';')[0].trim().toLowerCase()]: body };
  const raws = raw.split(`--${boundary}`).slice(1, -1).map((p) => p.replace(/^\r?\n/, ''));
  return Object.assign({}, ...raws.map(partsOf));
}

/** The text part, decoded (nodemailer sends non-ASCII text as quoted-printable or base64). */
function textOf(raw: string): string {
  return partsOf(raw)['text/plain'] ?? '';
}

const CONFIG: MessageConfig = {
  smtpUrl: null, from: 'Poster Shop <no-reply@shop.test>', messageIdDomain: 'shop.test', phoneProvider: 'log', phoneChannel: 'sms',
  holdMs: 15_000, maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 10_000, maxAgeMs: 3 * 86_400_000, pollMs: 1000, leaseMs: 60_000, arabicDigits: 'arabic-indic',
};

function placed(orderId: string, language: 'ar' | 'en', email: string | null): OrderPlaced['data'] {
  return {
    orderId, orderNumber: `PS-${orderId.toUpperCase()}`, cartId: `cart-${orderId}`, placedAt: '2026-11-27T10:00:00.000Z', paymentMethod: 'COD',
    promoCode: null, promoPercent: 0, priceRules: [], language,
    customer: { firstName: 'منى', lastName: 'Ali', phone: '01012345678', email, addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo', governorate: 'CAIRO', latitude: 30, longitude: 31, notes: null },
    items: [{ itemId: 'i1', kind: 'poster', posterId: 'p1', productId: null, variantId: null, name: 'Starry Night', nameAr: 'ليلة النجوم', category: 'ART', imageUrl: null, customImagePath: null, size: 'SIZE_30x40', quantity: 2, unitPrice: 42000, originalUnitPrice: 42000, discountPercentage: 0, lineTotal: 84000, priceRules: [] }],
    totals: { subtotal: 84000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 6000, codFee: 2000, taxAmount: 11300, total: 92000 },
  };
}

const by = { username: 'owner', role: 'owner' } as const;
const ids: string[] = [];
const remember = (id: string) => (ids.push(id), id);
const ev = (type: string, data: unknown): NewEvent => ({ id: remember(randomUUID()), type, data, metadata: { correlationId: randomUUID(), actor: { kind: 'system', id: 'test' }, occurredAt: new Date().toISOString() } });

describe('customer messages: outbox reactor and dispatcher (real PostgreSQL, real SMTP server)', () => {
  let db: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let email: MessageProvider & { close(): void };
  let clock = new Date();
  beforeAll(async () => {
    db = await createProjectorTestDb('messages');
    smtp = await startSmtp();
    email = smtpProvider(`smtp://127.0.0.1:${smtp.port}`, CONFIG.from, CONFIG.messageIdDomain);
  });
  afterAll(async () => {
    email?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
    await db?.close();
  });

  /**
   * The reactor over the whole log, as the projector's live slot runs it (twice is the same as
   * once), once every event appended so far is visible to readers: the log shows an append only
   * when no older transaction of the server is still open, which a busy machine delays.
   */
  const appended = ids;
  async function react(): Promise<void> {
    const types = [...customerMessagesReactor.eventTypes];
    for (let tries = 0; ; tries++) {
      const events = await db.store.readAll({ filter: { eventTypes: types } });
      const seen = new Set(events.map((e) => e.id));
      if (appended.every((id) => seen.has(id))) {
        if (events.length > 0) await applyBatch({ pool: db.pool, projection: customerMessagesReactor, tables: { kind: 'live' }, log: db.store }, events, events.at(-1)!.position, null);
        return;
      }
      if (tries > 1500) throw new Error('appended events never became visible');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const dispatcher = (providers: { email: MessageProvider; phone: MessageProvider | null } = { email, phone: logProvider }) =>
    new MessageDispatcher({ pool: db.pool, log: db.store, config: CONFIG, providers, now: () => clock });

  const rowsOf = async (orderId: string) =>
    (await db.pool.query(`SELECT message_id, kind, channel, status, attempts, provider, last_error FROM ${OUTBOX_TABLE} WHERE order_id = $1 ORDER BY kind, channel`, [orderId])).rows;

  it('an Arabic order placed with an e-mail arrives in Arabic with its lines and total, once, its Message-ID derived from the message', async () => {
    await db.store.append(orderStream('a1'), [ev('OrderPlaced', placed('a1', 'ar', 'mona@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    await react();
    const rows = await rowsOf('a1');
    expect(rows.map((r) => [r.kind, r.channel, r.status])).toEqual([['orderPlaced', 'email', 'pending'], ['orderPlaced', 'phone', 'pending']]);
    clock = new Date();
    const outcomes = await dispatcher().tick();
    expect([...outcomes.values()].sort()).toEqual(['sent', 'skipped']);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(['mona@example.com']);
    const emailRow = rows.find((r) => r.channel === 'email')!;
    expect(header(mail.raw, 'Message-ID')).toBe(smtpMessageId(emailRow.message_id, 'shop.test'));
    expect(header(mail.raw, 'Content-Language')).toBe('ar');
    const text = seen(textOf(mail.raw));
    expect(textOf(mail.raw)).toContain('مرحباً \u2068منى\u2069');
    expect(text).toContain('مرحباً منى');
    expect(text).toContain('٢ × ليلة النجوم (٣٠×٤٠ سم)');
    expect(text).toMatch(/الإجمالي: \u200f?٩٢٠٫٠٠/);
    // Two parts of the same words: the HTML one right-to-left, in Arabic, from the shop's Arabic name.
    const html = partsOf(mail.raw)['text/html'];
    expect(html).toMatch(/^<!DOCTYPE html>\s*<html dir="rtl" lang="ar">/);
    expect(seen(html)).toContain('٢ × ليلة النجوم (٣٠×٤٠ سم)');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    expect(header(mail.raw, 'From')).toMatch(/^"?متجر البوسترات"? <no-reply@shop\.test>$/);
    // The log provider hands nothing to anyone: its row says so rather than "sent".
    expect((await rowsOf('a1')).map((r) => [r.channel, r.status, r.provider, r.last_error])).toEqual([['email', 'sent', 'smtp', null], ['phone', 'skipped', null, 'not sent: no SMS provider configured']]);
    expect(await dispatcher().tick()).toEqual(new Map());
  });

  it('every customer e-mail of an Arabic order, as the mail server receives it, holds no Latin word but the order number and the tracking link', async () => {
    const before = smtp.received.length;
    const order = placed('every-kind', 'ar', 'mona.kinds@example.com');
    for (const kind of MESSAGE_KINDS) {
      await email.send(composeMessage(kind, 'email', order, 'sms', undefined, 'https://courier.example/track?n=AB12')!, `kinds-${kind}`);
    }
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(MESSAGE_KINDS.length);
    for (const mail of mails) {
      const parts = partsOf(mail.raw);
      const html = parts['text/html'].replace(/<[^>]*>|&[#\w]+;/g, ' ');
      expect(latinLeaks([header(mail.raw, 'Subject'), header(mail.raw, 'From')?.replace(/<[^>]*>/, ''), parts['text/plain'], html].join('\n'))).toEqual([]);
    }
  });

  it('retries with back-off and the same Message-ID; after the last attempt the message is failed, and says why without the address', async () => {
    await db.store.append(orderStream('r1'), [ev('OrderPlaced', placed('r1', 'en', 'rami@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    let fail = true;
    const flaky: MessageProvider = { name: 'smtp', stableId: true, delivers: true, send: async (m, id) => { if (fail) throw Object.assign(new Error('550 rami@example.com unknown'), { responseCode: 451 }); await email.send(m, id); } };
    const d = dispatcher({ email: flaky, phone: null });
    clock = new Date();
    expect((await d.tick()).get((await rowsOf('r1')).find((r) => r.channel === 'email')!.message_id)).toBe('retry');
    expect(await d.tick()).toEqual(new Map()); // not due before its back-off
    clock = new Date(clock.getTime() + 1000);
    const second = await d.tick();
    expect([...second.values()]).toEqual(['retry']);
    clock = new Date(clock.getTime() + 2000);
    expect([...(await d.tick()).values()]).toEqual(['failed']);
    const failed = (await rowsOf('r1')).find((r) => r.channel === 'email')!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, last_error: 'delivery failed: SMTP 451' });
    // A person's retry (the Messages page) makes it due again; it goes through with the same id.
    await db.pool.query(`UPDATE ${OUTBOX_TABLE} SET status = 'pending', next_attempt_at = $2 WHERE message_id = $1`, [failed.message_id, clock]);
    fail = false;
    const before = smtp.received.length;
    expect([...(await d.tick()).values()]).toEqual(['sent']);
    expect(header(smtp.received[before].raw, 'Message-ID')).toBe(smtpMessageId(failed.message_id, 'shop.test'));
  });

  it('an edit is told at once with the new total; a shipped parcel with its courier\'s tracking link', async () => {
    await db.store.append(orderStream('ed1'), [ev('OrderPlaced', placed('ed1', 'en', 'edit@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    clock = new Date();
    await dispatcher().tick();
    const before = smtp.received.length;
    const order = placed('ed1', 'en', 'edit@example.com');
    const version = (total: number) => ({ customer: order.customer, items: order.items, totals: { ...order.totals, total }, priceRules: [] });
    await db.store.append(
      orderStream('ed1'),
      [ev('OrderEdited', { orderId: 'ed1', orderNumber: 'PS-ED1', phone: order.customer.phone, fields: ['lines'], before: version(92000), after: version(126000), reason: 'a second poster', by })],
      { expectedRevision: 'any' },
    );
    // Not an order's event: the reactor never sees it (react() waits only for those), the dispatcher reads it.
    const courier = { id: randomUUID(), type: 'CourierAdded', data: { courierId: 'k1', name: 'Bosta', trackingUrlTemplate: 'https://bosta.co/track/{tracking}' }, metadata: { correlationId: randomUUID(), actor: { kind: 'system' as const, id: 'test' }, occurredAt: new Date().toISOString() } };
    await db.store.append(couriersStream(), [courier], { expectedRevision: 'any' });
    await db.store.append(
      orderStream('ed1'),
      [ev('OrderStatusChanged', { orderId: 'ed1', orderNumber: 'PS-ED1', from: 'PLACED', to: 'SHIPPED', reason: null, by, courier: { courierId: 'k1', name: 'Bosta' }, trackingNumber: 'BO123' })],
      { expectedRevision: 'any' },
    );
    await react();
    clock = new Date(Date.now() + CONFIG.holdMs + 1000);
    await dispatcher().tick();
    const mails = smtp.received.slice(before).map((m) => ({ subject: seen(header(m.raw, 'Subject')), text: seen(textOf(m.raw))! }));
    // The order number is isolated in the subject as sent.
    expect(smtp.received.slice(before).map((m) => header(m.raw, 'Subject'))).toContain('Your order \u2068PS-ED1\u2069 was updated');
    const edited = mails.find((m) => m.subject === 'Your order PS-ED1 was updated')!;
    expect(edited.text).toContain('Total: LE 1,260.00');
    const shipped = mails.find((m) => m.subject === 'Your order PS-ED1 is on its way')!;
    expect(shipped.text).toContain('Track your parcel: https://bosta.co/track/BO123');
    expect(shipped.text).toContain('Total: LE 1,260.00');
  });

  it('a confirmation is held for the undo window, and an undone one sends nothing', async () => {
    await db.store.append(orderStream('u1'), [ev('OrderPlaced', placed('u1', 'en', 'undo@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    clock = new Date();
    await dispatcher().tick();
    const sentBefore = smtp.received.length;
    const move = (from: string, to: string) => ev('OrderStatusChanged', { orderId: 'u1', orderNumber: 'PS-U1', from, to, reason: null, by });
    await db.store.append(orderStream('u1'), [move('PLACED', 'CONFIRMED')], { expectedRevision: 'any' });
    await react();
    clock = new Date(Date.now() + 1000);
    expect(await dispatcher().tick()).toEqual(new Map()); // held
    await db.store.append(orderStream('u1'), [move('CONFIRMED', 'PLACED')], { expectedRevision: 'any' });
    await react();
    clock = new Date(Date.now() + CONFIG.holdMs + 1000);
    expect(await dispatcher().tick()).toEqual(new Map());
    expect((await rowsOf('u1')).filter((r) => r.kind === 'orderConfirmed').map((r) => r.status)).toEqual(['canceled', 'canceled']);
    expect(smtp.received.length).toBe(sentBefore);
  });

  it('a confirmation that stands is sent once the window has closed, even if the reactor had not seen an undo the log holds', async () => {
    const move = (from: string, to: string, orderId = 'c1') => ev('OrderStatusChanged', { orderId, orderNumber: `PS-${orderId.toUpperCase()}`, from, to, reason: null, by });
    await db.store.append(orderStream('c1'), [ev('OrderPlaced', placed('c1', 'en', 'conf@example.com')), move('PLACED', 'CONFIRMED')], { expectedRevision: 'no_stream' });
    await react();
    clock = new Date(Date.now() + CONFIG.holdMs + 1000);
    const before = smtp.received.length;
    await dispatcher().tick();
    expect(smtp.received.slice(before).map((m) => seen(header(m.raw, 'Subject')))).toEqual(expect.arrayContaining(['Your order PS-C1 is confirmed']));
    // Another order confirmed, then undone in the log before the reactor ran: the dispatcher reads the log and drops it.
    await db.store.append(orderStream('c2'), [ev('OrderPlaced', placed('c2', 'en', 'c2@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    await dispatcher().tick();
    await db.store.append(orderStream('c2'), [move('PLACED', 'CONFIRMED', 'c2')], { expectedRevision: 'any' });
    await react();
    await db.store.append(orderStream('c2'), [move('CONFIRMED', 'CANCELED', 'c2')], { expectedRevision: 'any' });
    clock = new Date(Date.now() + CONFIG.holdMs + 1000);
    const outcomes = await dispatcher().tick();
    expect([...outcomes.values()]).toEqual(['canceled', 'canceled']);
  });

  it('confirmed, undone and confirmed again before the reactor saw the undo: one confirmation, the second', async () => {
    const move = (from: string, to: string) => ev('OrderStatusChanged', { orderId: 'c3', orderNumber: 'PS-C3', from, to, reason: null, by });
    await db.store.append(orderStream('c3'), [ev('OrderPlaced', placed('c3', 'en', 'c3@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    clock = new Date();
    await dispatcher().tick();
    const first = move('PLACED', 'CONFIRMED');
    await db.store.append(orderStream('c3'), [first], { expectedRevision: 'any' });
    await react();
    await db.store.append(orderStream('c3'), [move('CONFIRMED', 'PLACED'), move('PLACED', 'CONFIRMED')], { expectedRevision: 'any' });
    clock = new Date(Date.now() + CONFIG.holdMs + 1000);
    const before = smtp.received.filter((m) => seen(header(m.raw, 'Subject')) === 'Your order PS-C3 is confirmed').length;
    expect([...(await dispatcher().tick()).values()]).toEqual(['canceled', 'canceled']);
    await react();
    clock = new Date(Date.now() + CONFIG.holdMs + 1000);
    expect([...(await dispatcher().tick()).values()].sort()).toEqual(['sent', 'skipped']);
    expect(smtp.received.filter((m) => seen(header(m.raw, 'Subject')) === 'Your order PS-C3 is confirmed').length - before).toBe(1);
  });

  it('an attempt interrupted mid-send is tried again by e-mail (same Message-ID), and left unknown on a channel without such an id', async () => {
    await db.store.append(orderStream('k1'), [ev('OrderPlaced', placed('k1', 'en', 'kill@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    // As a process killed mid-send leaves them: claimed, lease running.
    await db.pool.query(`UPDATE ${OUTBOX_TABLE} SET status = 'sending', attempts = 1, lease_until = $2 WHERE order_id = $1`, ['k1', new Date(clock.getTime() + 1000)]);
    const sms: MessageProvider = { name: 'sms-gateway', stableId: false, delivers: true, send: async () => undefined };
    const d = dispatcher({ email, phone: sms });
    expect(await d.tick()).toEqual(new Map()); // lease still running
    clock = new Date(clock.getTime() + 2000);
    const outcomes = await d.tick();
    expect([...outcomes.values()]).toEqual(['sent']);
    expect((await rowsOf('k1')).map((r) => [r.channel, r.status])).toEqual([['email', 'sent'], ['phone', 'unknown']]);
  });

  it('erasing the shopper cancels their unsent messages', async () => {
    await db.store.append(orderStream('e1'), [ev('OrderPlaced', placed('e1', 'en', 'erase@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    const subjectId = (await db.pool.query(`SELECT subject_id FROM ${OUTBOX_TABLE} WHERE order_id = 'e1' LIMIT 1`)).rows[0].subject_id ?? 'no-subject';
    await db.store.append(`personaldata-${subjectId}`, [ev('PersonalDataErased', { subjectId, newsletterSubjectIds: [], orderIds: ['e1'], reason: 'SUBJECT_REQUEST', erasedAt: new Date().toISOString() })], { expectedRevision: 'any' });
    await react();
    expect((await rowsOf('e1')).map((r) => r.status)).toEqual(['canceled', 'canceled']);
  });

  it('an erasure held for an open order tells the shopper why, in their language, once, on the channels of that order', async () => {
    await db.store.append(orderStream('h1'), [ev('OrderPlaced', placed('h1', 'ar', 'held@example.com'))], { expectedRevision: 'no_stream' });
    await react();
    clock = new Date();
    await dispatcher().tick();
    const hold = { subjectId: 'subject-h1', orderIds: ['h1'], reason: 'SUBJECT_REQUEST', legalBasis: 'Held under Law 151/2020', heldAt: clock.toISOString(), expectedEnd: null };
    await db.store.append('personaldata-subject-h1', [ev('PersonalDataErasureHeld', hold)], { expectedRevision: 'any' });
    await react();
    await react();
    const told = (await rowsOf('h1')).filter((r) => r.kind === 'erasureHeld');
    expect(told.map((r) => [r.channel, r.status])).toEqual([['email', 'pending'], ['phone', 'pending']]);
    const before = smtp.received.length;
    clock = new Date(Date.now() + 1000);
    expect([...(await dispatcher().tick()).values()].sort()).toEqual(['sent', 'skipped']);
    const mail = smtp.received.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toEqual(['held@example.com']);
    expect(seen(header(mail[0].raw, 'Subject'))).toBe('طلب حذف بياناتك: بعد اكتمال الطلب PS-H1');
    expect(seen(textOf(mail[0].raw))).toContain('وفقاً لقانون حماية البيانات الشخصية رقم ١٥١ لسنة ٢٠٢٠');
  });
});
