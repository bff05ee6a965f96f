import { randomUUID } from 'node:crypto';
import { ERASED, PERSONAL_FIELDS } from '#domain/personal-data/personal-fields.js';
import { snapshotTaken } from '#domain/snapshots.js';
import type { NewEvent, RecordedEvent } from '../event-store.port.js';
import { MemoryKeyStore } from './memory-key-store.js';
import { ERASED_PERSONAL_DATA, PersonalDataCipher, PersonalSnapshotRefused } from './personal-data-cipher.js';

const metadata = { correlationId: 'c', actor: { kind: 'shopper' as const, id: 's' }, occurredAt: '2026-01-01T00:00:00.000Z' };
const customer = {
  firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', email: 'mona@example.com', addressLine: '12 Nile St',
  building: '4', apartment: '7', city: 'Maadi', governorate: 'CAIRO', latitude: 29.96, longitude: 31.25, notes: 'Ring twice',
};
const orderPlaced = (phone = customer.phone): NewEvent => ({
  id: randomUUID(),
  type: 'OrderPlaced',
  data: { orderId: 'o1', orderNumber: 'PS-1', customer: { ...customer, phone }, totals: { total: 100 } },
  metadata,
});
const recorded = (e: NewEvent): RecordedEvent => ({ ...e, stream: 'order-o1', revision: 0n, position: { commit: 1n, prepare: 1n }, createdAt: new Date() });

describe('PersonalDataCipher', () => {
  let keys: MemoryKeyStore;
  let cipher: PersonalDataCipher;
  beforeEach(() => {
    keys = new MemoryKeyStore();
    cipher = new PersonalDataCipher(keys);
  });

  it('stores no declared personal field in plain text, and files the event under the subject of its phone', async () => {
    const [sealed] = await cipher.seal('order-o1', [orderPlaced()]);
    const text = JSON.stringify(sealed);
    for (const value of ['Mona', 'Hassan', '01012345678', 'mona@example.com', 'Nile', 'Maadi', 'Ring twice', '29.96']) expect(text).not.toContain(value);
    expect(sealed.data).toMatchObject({ orderId: 'o1', customer: { governorate: 'CAIRO' }, totals: { total: 100 }, personal: { v: 1 } });
    expect(sealed.metadata.subjectId).toBe(keys.subjects.get('phone:01012345678')!.subjectId);
  });

  it('gives the event back as written once opened', async () => {
    const original = orderPlaced();
    const [sealed] = await cipher.seal('order-o1', [original]);
    const [opened] = await cipher.open([recorded(sealed)]);
    expect(opened.data).toEqual(original.data);
    expect(await cipher.openOne(recorded(sealed))).toMatchObject({ data: original.data });
  });

  it.each(Object.keys(PERSONAL_FIELDS))('gives a %s with every declared field back as written, and leaves the event it sealed unchanged', async (type) => {
    const declared = PERSONAL_FIELDS[type]!;
    // Every declared path filled, beside a plain field in each object on the way (kept in place).
    const data: Record<string, unknown> = { plain: 'kept' };
    for (const [i, f] of declared.fields.entries()) {
      let node = data;
      for (const key of f.path.slice(0, -1)) node = (node[key] ??= { plain: 'kept' }) as Record<string, unknown>;
      node[f.path[f.path.length - 1]!] = typeof f.erased === 'number' ? 30 + i : `value ${i}`;
    }
    const event: NewEvent = { id: randomUUID(), type, data, metadata };
    const before = structuredClone(event);
    const [sealed] = await cipher.seal('order-o1', [event]);
    expect(event).toEqual(before);
    expect(JSON.stringify(sealed.data)).not.toMatch(/value \d/);
    const [opened] = await cipher.open([recorded(sealed)]);
    expect(opened.data).toEqual(data);
  });

  it('files every form of one phone under one subject', async () => {
    const [a] = await cipher.seal('order-o1', [orderPlaced('01012345678')]);
    const [b] = await cipher.seal('order-o2', [orderPlaced('+20 10 1234 5678')]);
    expect(a.metadata.subjectId).toBe(b.metadata.subjectId);
  });

  it('reads a destroyed key as the declared erased values, typed, never as an exception', async () => {
    const [sealed] = await cipher.seal('order-o1', [orderPlaced()]);
    keys.keys.clear();
    const [opened] = await cipher.open([recorded(sealed)]);
    expect(opened.metadata.personalData).toBe(ERASED_PERSONAL_DATA);
    expect((opened.data as { customer: unknown }).customer).toEqual({
      governorate: 'CAIRO', firstName: ERASED, lastName: ERASED, phone: ERASED, email: null, addressLine: ERASED,
      building: ERASED, apartment: ERASED, city: ERASED, latitude: 0, longitude: 0, notes: null,
    });
    expect(opened.data).not.toHaveProperty('personal');
  });

  it('reads a ciphertext moved to another event as erased (the event id is bound in)', async () => {
    const [sealed] = await cipher.seal('order-o1', [orderPlaced()]);
    const [opened] = await cipher.open([recorded({ ...sealed, id: randomUUID() })]);
    expect(opened.metadata.personalData).toBe(ERASED_PERSONAL_DATA);
  });

  it('encrypts checkouts and newsletter addresses too, each under its declared subject', async () => {
    const checkout: NewEvent = { id: randomUUID(), type: 'CartCheckedOut', data: { orderId: 'o1', orderNumber: 'PS-1', order: { customer } }, metadata };
    const subscribed: NewEvent = { id: randomUUID(), type: 'NewsletterSubscribed', data: { subscriberId: 's', email: 'Reader@Example.com' }, metadata };
    const sealed = await cipher.seal('x', [checkout, subscribed]);
    expect(JSON.stringify(sealed)).not.toMatch(/Mona|Reader@|reader@/i);
    expect(sealed[1].metadata.subjectId).toBe(keys.subjects.get('email:reader@example.com')!.subjectId);
    expect((await cipher.open(sealed.map(recorded))).map((e) => e.data)).toEqual([checkout.data, subscribed.data]);
  });

  it('encrypts an event without a phone too, under the subject of the empty identifier', async () => {
    const [sealed] = await cipher.seal('order-o1', [orderPlaced('  ')]);
    expect(JSON.stringify(sealed)).not.toContain('Mona');
    expect(sealed.metadata.subjectId).toBe(keys.subjects.get('phone:')!.subjectId);
  });

  it('leaves events without personal data, and schema-1 checkouts without an order, as they are', async () => {
    const plain: NewEvent = { id: randomUUID(), type: 'CartCheckedOut', data: { orderId: 'o1', orderNumber: 'PS-1' }, metadata };
    const other: NewEvent = { id: randomUUID(), type: 'ItemAddedToCart', data: { lineId: 'l1' }, metadata };
    expect(await cipher.seal('cart-c1', [plain, other])).toEqual([plain, other]);
    expect(keys.subjects.size).toBe(0);
  });

  it('refuses a snapshot of a stream whose state holds personal data; an open cart may still be snapshotted', async () => {
    const order = snapshotTaken('order-o1', 70n, 1, { customer });
    await expect(cipher.seal(order.stream, [{ id: order.id, ...order.event, metadata }])).rejects.toBeInstanceOf(PersonalSnapshotRefused);
    const checkedOut = snapshotTaken('cart-c1', 70n, 1, { items: [], checkedOut: { order: { customer } } });
    await expect(cipher.seal(checkedOut.stream, [{ id: checkedOut.id, ...checkedOut.event, metadata }])).rejects.toBeInstanceOf(PersonalSnapshotRefused);
    const open = snapshotTaken('cart-c1', 70n, 1, { items: [], checkedOut: null });
    expect(await cipher.seal(open.stream, [{ id: open.id, ...open.event, metadata }])).toHaveLength(1);
  });

  it('declares every personal field of an order once, governorate excepted', () => {
    expect(PERSONAL_FIELDS.OrderPlaced.fields.map((f) => f.path.join('.')).sort()).toEqual(
      Object.keys(customer).filter((k) => k !== 'governorate').map((k) => `customer.${k}`).sort(),
    );
  });
});
