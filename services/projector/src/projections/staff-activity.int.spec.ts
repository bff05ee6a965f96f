import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';
import { orderHistoryProjection } from '#read-models/projections/order-history.projection.js';
import { staffActivityProjection } from '#read-models/projections/staff-activity.projection.js';
import { ProjectorRunner } from '../runner/runner.js';
import { createProjectorTestDb, projectUnits, tableChecksums, waitForRow, type TestDb } from '../testing/projector-test-kit.js';

let minute = 0;
/** Events a minute apart; `schemaVersion` 1 writes an event as the log held it before `by` existed. */
function ev(type: string, data: unknown, actor: string, schemaVersion?: number, kind: 'admin' | 'system' = 'admin'): NewEvent {
  const occurredAt = new Date(Date.parse('2026-05-01T08:00:00Z') + minute++ * 60_000).toISOString();
  return { id: randomUUID(), type, data, metadata: { correlationId: 'c', actor: { kind, id: actor }, occurredAt, ...(schemaVersion ? { schemaVersion } : {}) } };
}
const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA';
const order = { orderId: 'o1', orderNumber: 'PS-AAAA2345' };

/** Given staff and order events in small batches, the staff activity's rows, and a rebuild that gives the same. */
describe('staff-activity projection', () => {
  let db: TestDb;
  let runner: ProjectorRunner;
  const q = async (sql: string) => (await db.pool.query(sql)).rows;

  beforeAll(async () => {
    db = await createProjectorTestDb('staffact');
    const units: Array<[string, NewEvent[]]> = [
      ['admin-boss', [ev('AdminUserRegistered', { username: 'boss', passwordHash: HASH, role: 'ADMIN' }, 'boss')]],
      // A status change from before events named their author's role.
      ['order-o1', [ev('OrderStatusChanged', { ...order, from: 'PLACED', to: 'CONFIRMED', reason: null }, 'boss', 1)]],
      // One the system made then: not a staff member's.
      ['order-o2', [ev('OrderStatusChanged', { orderId: 'o2', orderNumber: 'PS-BBBB2345', from: 'PLACED', to: 'CANCELED', reason: null }, 'importer', 1, 'system')]],
      ['admin-sara', [ev('StaffMemberCreated', { username: 'sara', role: 'agent', passwordHash: HASH, by: 'boss' }, 'boss')]],
      ['admin-sara', [ev('AdminPasswordChanged', { username: 'sara', passwordHash: HASH }, 'sara')]],
      ['order-o1', [ev('OrderStatusChanged', { ...order, from: 'CONFIRMED', to: 'CANCELED', reason: 'Mona changed her mind', by: { username: 'sara', role: 'agent' } }, 'sara')]],
      ['admin-sara', [ev('StaffTwoFactorEnabled', { username: 'sara' }, 'sara')]],
      // Wrong codes from someone holding her password: recorded by the API itself, shown as hers.
      ['admin-sara', [ev('StaffTwoFactorLockedOut', { username: 'sara', until: '2026-11-29T01:00:00.000Z' }, 'api', undefined, 'system')]],
      ['admin-sara', [ev('StaffTwoFactorReset', { username: 'sara', by: 'boss' }, 'boss')]],
      ['admin-sara', [ev('StaffRoleChanged', { username: 'sara', role: 'manager', previousRole: 'agent', by: 'boss' }, 'boss')]],
      ['admin-sara', [ev('AdminSessionsRevoked', { username: 'sara', generation: 1, reason: 'logout' }, 'sara'), ev('StaffMemberDisabled', { username: 'sara', by: 'boss' }, 'boss'), ev('AdminSessionsRevoked', { username: 'sara', generation: 2, reason: 'disabled' }, 'boss')]],
    ];
    runner = await projectUnits(db, units, [staffActivityProjection, orderHistoryProjection], 2);
  });
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('names who did each thing and the role they held then, newest first, with no customer data', async () => {
    const rows = await q(`SELECT actor, actor_role, type, order_number, member, details FROM read.staff_activity ORDER BY occurred_at DESC, commit_position DESC`);
    expect(rows).toEqual([
      { actor: 'boss', actor_role: 'owner', type: 'StaffMemberDisabled', order_number: null, member: 'sara', details: {} },
      { actor: 'sara', actor_role: 'manager', type: 'AdminSessionsRevoked', order_number: null, member: 'sara', details: {} },
      { actor: 'boss', actor_role: 'owner', type: 'StaffRoleChanged', order_number: null, member: 'sara', details: { role: 'manager', previousRole: 'agent' } },
      { actor: 'boss', actor_role: 'owner', type: 'StaffTwoFactorReset', order_number: null, member: 'sara', details: {} },
      { actor: 'sara', actor_role: 'agent', type: 'StaffTwoFactorLockedOut', order_number: null, member: 'sara', details: { until: '2026-11-29T01:00:00.000Z' } },
      { actor: 'sara', actor_role: 'agent', type: 'StaffTwoFactorEnabled', order_number: null, member: 'sara', details: {} },
      // The reason (free text, here naming the customer) stays on the order's own trail.
      { actor: 'sara', actor_role: 'agent', type: 'OrderStatusChanged', order_number: 'PS-AAAA2345', member: null, details: { from: 'CONFIRMED', to: 'CANCELED' } },
      { actor: 'sara', actor_role: 'agent', type: 'AdminPasswordChanged', order_number: null, member: 'sara', details: {} },
      { actor: 'boss', actor_role: 'owner', type: 'StaffMemberCreated', order_number: null, member: 'sara', details: { role: 'agent' } },
      { actor: 'boss', actor_role: 'unknown', type: 'OrderStatusChanged', order_number: 'PS-AAAA2345', member: null, details: { from: 'PLACED', to: 'CONFIRMED' } },
      { actor: 'boss', actor_role: 'owner', type: 'AdminUserRegistered', order_number: null, member: 'boss', details: { role: 'owner' } },
    ]);
    expect(await q(`SELECT username, role FROM read.staff_activity_members ORDER BY username`)).toEqual([
      { username: 'boss', role: 'owner' },
      { username: 'sara', role: 'manager' },
    ]);
  });

  it('the order trail names the staff member and the role each change recorded ("unknown" before roles were recorded)', async () => {
    expect(await q(`SELECT order_id, actor_kind, actor_id, actor_role FROM read.order_history ORDER BY commit_position`)).toEqual([
      { order_id: 'o1', actor_kind: 'admin', actor_id: 'boss', actor_role: 'unknown' },
      { order_id: 'o2', actor_kind: 'system', actor_id: 'importer', actor_role: null },
      { order_id: 'o1', actor_kind: 'admin', actor_id: 'sara', actor_role: 'agent' },
    ]);
  });

  it('a rebuild from the log gives the same rows', async () => {
    const tables = ['staff_activity', 'staff_activity_members'];
    const before = await tableChecksums(db.pool, 'read', tables);
    const { rows } = await db.pool.query(`INSERT INTO projector.rebuild_requests (projection) VALUES ('staff-activity') RETURNING id`);
    await waitForRow(db, `SELECT 1 FROM projector.rebuild_requests WHERE id = $1 AND status = 'done'`, [rows[0].id]);
    expect(await tableChecksums(db.pool, 'read', tables)).toEqual(before);
    expect(before.staff_activity).toMatch(/^11:/);
  });
});
