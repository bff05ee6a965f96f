import { ALL_PERMISSIONS, can, permissionToMoveOrderTo, PERMISSIONS, rolesWith, STAFF_ROLES } from './staff-permissions.js';

describe('staff permission map', () => {
  it('gives the owner every permission', () => {
    expect(ALL_PERMISSIONS.filter((p) => !can('owner', p))).toEqual([]);
  });

  it('keeps customers, exports, prices and analytics away from the call centre and the packers', () => {
    for (const role of ['agent', 'shipping'] as const) {
      for (const p of ['customers.read', 'exports.run', 'orders.export', 'prices.manage', 'analytics.read', 'staff.manage', 'dashboard.read'] as const) {
        expect([role, p, can(role, p)]).toEqual([role, p, false]);
      }
    }
  });

  it('lets only the owner manage staff, watch what they do, and see projections and personal-data lists', () => {
    expect(rolesWith('staff.manage')).toEqual(['owner']);
    // Apart from staff.manage, so a manager could be given the activity without the accounts.
    expect(rolesWith('staff.activity')).toEqual(['owner']);
    expect(rolesWith('projections.manage')).toEqual(['owner']);
    expect(rolesWith('customers.read')).toEqual(['owner']);
  });

  it('splits moving an order: agents confirm and cancel, packers report the parcel', () => {
    expect(rolesWith(permissionToMoveOrderTo('CONFIRMED'))).toEqual(['owner', 'manager', 'agent']);
    expect(rolesWith(permissionToMoveOrderTo('CANCELED'))).toEqual(['owner', 'manager', 'agent']);
    expect(rolesWith(permissionToMoveOrderTo('SHIPPED'))).toEqual(['owner', 'manager', 'shipping']);
    expect(rolesWith(permissionToMoveOrderTo('REFUSED'))).toEqual(['owner', 'manager', 'shipping']);
  });

  it('lets the packers print paperwork, never the call centre', () => {
    expect(rolesWith('paperwork.print')).toEqual(['owner', 'manager', 'shipping']);
  });

  it('shows customer messages to the call centre, lets managers send them again and word them, and keeps packers out', () => {
    expect(rolesWith('messages.read')).toEqual(['owner', 'manager', 'agent']);
    expect(rolesWith('messages.retry')).toEqual(['owner', 'manager']);
    expect(rolesWith('messages.templates')).toEqual(['owner', 'manager']);
  });

  it('lets every role sign out and change its own password', () => {
    expect(rolesWith('session.self')).toEqual([...STAFF_ROLES]);
    expect(Object.keys(PERMISSIONS)).toEqual(ALL_PERMISSIONS);
  });
});
