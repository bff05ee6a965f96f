import { ORDER_STATUSES } from '../order/events.js';
import { CALL_QUEUE_STATUSES, ORDER_SCOPES, PARCEL_PERSONAL_FIELDS, SHIPPING_STATUSES } from './order-scope.js';
import { ORDER_ROW_PERSONAL_FIELDS } from '../personal-data/withheld.js';
import { can, STAFF_ROLES } from './staff-permissions.js';

describe('order scope per role', () => {
  it('gives the packer what awaits shipment and what it sent and follows, never a delivered, returned or canceled order', () => {
    expect(SHIPPING_STATUSES).toEqual(['PLACED', 'CONFIRMED', 'SHIPPED', 'REFUSED']);
  });

  it('gives the call centre the call queue, and every order to those who may read customers or manage the shop', () => {
    expect(ORDER_SCOPES.agent.statuses).toEqual(CALL_QUEUE_STATUSES);
    expect(ORDER_SCOPES.owner.statuses).toEqual(ORDER_STATUSES);
    expect(ORDER_SCOPES.manager.statuses).toEqual(ORDER_STATUSES);
  });

  it('shows the parcel fields alone to a role that prints paperwork but neither reads customers nor confirms', () => {
    for (const role of STAFF_ROLES) {
      const parcelOnly = can(role, 'paperwork.print') && !can(role, 'customers.read') && !can(role, 'orders.confirm');
      expect([role, ORDER_SCOPES[role].fields]).toEqual([role, parcelOnly ? 'parcel' : 'all']);
    }
  });

  it('names parcel fields among the declared personal ones: a rename in the declaration shows here', () => {
    const declared = ORDER_ROW_PERSONAL_FIELDS.map((p) => p.join('.'));
    expect(PARCEL_PERSONAL_FIELDS.filter((f) => !declared.includes(f))).toEqual([]);
    expect(declared.filter((f) => !PARCEL_PERSONAL_FIELDS.includes(f)).sort()).toEqual(['email', 'latitude', 'longitude', 'notes']);
  });
});
