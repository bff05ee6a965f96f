/**
 * An erased shopper in every read model that held them: their orders' customer fields and the
 * search text made from them read as erased, their customer row keeps only counts, dates and
 * governorate, their COD risk is gone, the newsletter address they gave is unsubscribed; another
 * shopper is untouched; and a replay of the log (the key destroyed) builds the same tables.
 */
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import type { VersionedEventStore } from '#event-store/versioned-event-store.js';
import { codOutcomesProjection } from '#read-models/projections/cod-outcomes.projection.js';
import { customersProjection } from '#read-models/projections/customers.projection.js';
import { newsletterProjection } from '#read-models/projections/newsletter.projection.js';
import { ordersProjection } from '#read-models/projections/orders.projection.js';
import { ProjectorRunner } from '../runner/runner.js';
import { replayUntil } from '../replay/replay-until.js';
import { createProjectorTestDb, projectUnits, tableChecksums, waitForCheckpoints, type TestDb } from '../testing/projector-test-kit.js';

const PROJECTIONS = [ordersProjection, customersProjection, newsletterProjection, codOutcomesProjection];
const TABLES = ['orders', 'order_items', 'order_counts', 'customers', 'customer_counts', 'newsletter_subscribers', 'newsletter_subscriber_counts', 'phone_risks', 'cod_orders_state', 'delivery_outcomes'];
const admin = { kind: 'admin' as const, id: 'boss' };
let clock = Date.parse('2026-05-01T08:00:00Z');
function ev(type: string, data: unknown): NewEvent {
  clock += 60_000;
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: admin, occurredAt: new Date(clock).toISOString(), schemaVersion: 1 } };
}
const A = { firstName: 'Mona', lastName: 'Hassanein', phone: '01012345678', email: 'mona@example.com', addressLine: '12 Tahrir Street', building: '4', apartment: '7', city: 'Dokki', governorate: 'GIZA', latitude: 30.1, longitude: 31.2, notes: 'Ring twice' };
const B = { ...A, firstName: 'Karim', lastName: 'Abdelsalam', phone: '01198765432', email: 'karim@example.com', addressLine: '3 Corniche Road', city: 'Zamalek', governorate: 'CAIRO', notes: 'Leave at the door' };
const placed = (orderId: string, customer: typeof A) => ev('OrderPlaced', {
  orderId, orderNumber: `PS-${orderId.toUpperCase()}`, cartId: `c-${orderId}`, placedAt: new Date(clock).toISOString(), customer, paymentMethod: 'COD', promoCode: null, promoPercent: 0,
  items: [{ itemId: `${orderId}-1`, kind: 'custom', posterId: null, productId: null, variantId: null, name: 'Custom', category: null, imageUrl: null, customImagePath: `/uploads/${orderId}.jpg`, size: 'SIZE_20x30', quantity: 2, unitPrice: 10000, originalUnitPrice: 10000, discountPercentage: 0, lineTotal: 20000 }],
  totals: { subtotal: 20000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 6000, codFee: 1000, taxAmount: 0, total: 27000 },
});
const moved = (orderId: string, from: string, to: string) => ev('OrderStatusChanged', { orderId, orderNumber: `PS-${orderId.toUpperCase()}`, from, to, reason: null });

describe('erasing a data subject in the read models', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  let subjectA: string;
  let newsletterA: string;
  const q = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows;

  beforeAll(async () => {
    db = await createProjectorTestDb('erase');
    const keys = (db.store as VersionedEventStore).personalData!.keys;
    runner = await projectUnits(db, [
      ['order-a1', [placed('a1', A), moved('a1', 'PLACED', 'SHIPPED')]],
      ['order-a2', [placed('a2', { ...A, phone: '+20 101 234 5678' })]],
      ['order-b1', [placed('b1', B), moved('b1', 'PLACED', 'SHIPPED'), moved('b1', 'SHIPPED', 'REFUSED')]],
    ], PROJECTIONS, 2);
    subjectA = (await keys.findSubject('phone', A.phone))!;
    // Corrections on both: A's is erased with A, B's stays.
    await db.store.append('order-a2', [ev('PersonalDataCorrected', { orderId: 'a2', orderNumber: 'PS-A2', phone: A.phone, fields: ['firstName'], before: { firstName: A.firstName }, after: { firstName: 'Mouna' } })]);
    await db.store.append('order-b1', [ev('PersonalDataCorrected', { orderId: 'b1', orderNumber: 'PS-B1', phone: B.phone, fields: ['addressLine'], before: { addressLine: B.addressLine }, after: { addressLine: '5 Corniche Road' } })]);
    newsletterA = (await keys.subjectFor('email', A.email)).subjectId;
    // The subscriber id is the address's subject (as the API writes it).
    await db.store.append(`subscriber-${newsletterA}`, [ev('NewsletterSubscribed', { subscriberId: newsletterA, email: A.email }), ev('NewsletterSubscribed', { subscriberId: 'other', email: B.email })]);
    // What the erasure command does: append, then destroy the keys; then an order of A moves on.
    await db.store.append(`personaldata-${subjectA}`, [ev('PersonalDataErased', { subjectId: subjectA, newsletterSubjectIds: [newsletterA], orderIds: ['a1', 'a2'], reason: 'SUBJECT_REQUEST', erasedAt: new Date(clock).toISOString() })]);
    expect(await keys.destroy([subjectA, newsletterA])).toBe(2);
    const last = await db.store.append('order-a1', [moved('a1', 'SHIPPED', 'DELIVERED')]);
    await waitForCheckpoints(db.pool, PROJECTIONS.map((p) => p.name), last.position);
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('leaves none of A\'s name, phone, street or e-mail in any row, and all of B\'s', async () => {
    const text = JSON.stringify(await Promise.all(TABLES.map((t) => q(`SELECT * FROM read.${t}`))));
    for (const secret of [A.firstName, A.lastName, A.phone, A.phone.slice(1), A.addressLine, A.email, 'mona', 'hassanein', 'Ring twice', 'Dokki', 'Mouna']) expect(text).not.toContain(secret);
    for (const kept of [B.firstName, B.lastName, B.phone, '5 Corniche Road', B.email]) expect(text).toContain(kept);
    expect(text).not.toContain(B.addressLine); // corrected, in the order and the customer row
  });

  it('keeps items, totals, statuses, governorate and dates, with search text made from the erased values', async () => {
    expect(await q(`SELECT id, first_name, phone, email, latitude, notes, governorate, status, total, search_text FROM read.orders WHERE subject_id = $1 ORDER BY id`, [subjectA])).toEqual([
      { id: 'a1', first_name: '[erased]', phone: '[erased]', email: null, latitude: 0, notes: null, governorate: 'GIZA', status: 'DELIVERED', total: 27000, search_text: 'ps-a1 a1 [erased] [erased] [erased] cod' },
      { id: 'a2', first_name: '[erased]', phone: '[erased]', email: null, latitude: 0, notes: null, governorate: 'GIZA', status: 'PLACED', total: 27000, search_text: 'ps-a2 a2 [erased] [erased] [erased] cod' },
    ]);
    expect(await q(`SELECT count(*)::int AS n FROM read.order_items WHERE order_id IN ('a1', 'a2')`)).toEqual([{ n: 2 }]);
    expect(await q(`SELECT phone, first_name, email, governorate, order_count, search_text FROM read.customers WHERE subject_id = $1`, [subjectA])).toEqual([
      { phone: '[erased]', first_name: '[erased]', email: null, governorate: 'GIZA', order_count: 2, search_text: '[erased] [erased] [erased]' },
    ]);
  });

  it('forgets A\'s COD risk (even after a later delivery) and unsubscribes the address A gave', async () => {
    expect(await q(`SELECT subject_id FROM read.phone_risks`)).toEqual([{ subject_id: expect.not.stringMatching(subjectA) }]);
    expect(await q(`SELECT order_id, outcome FROM read.delivery_outcomes ORDER BY order_id`)).toEqual([{ order_id: 'a1', outcome: 'DELIVERED' }, { order_id: 'b1', outcome: 'REFUSED' }]);
    expect(await q(`SELECT id FROM read.newsletter_subscribers WHERE id = $1`, [newsletterA])).toEqual([]);
  });

  it('builds the same tables again from the log, the keys destroyed', async () => {
    await replayUntil({ store: db.store, pool: db.pool, projections: PROJECTIONS, schema: 'after_erasure', until: new Date(Date.now() + 60_000) });
    expect(await tableChecksums(db.pool, 'after_erasure', TABLES)).toEqual(await tableChecksums(db.pool, 'read', TABLES));
  });

  it('a second destroy of the same subjects finds nothing to destroy, and the lookups are gone', async () => {
    const keys = (db.store as VersionedEventStore).personalData!.keys;
    expect(await keys.destroy([subjectA, newsletterA])).toBe(0);
    expect(await keys.findSubject('phone', A.phone)).toBeUndefined();
  });
});
