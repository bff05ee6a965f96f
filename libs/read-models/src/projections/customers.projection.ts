import { CustomerEntity } from '../customer.entity.js';
import { CustomerCountEntity } from '../customer-count.entity.js';
import { placedAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';
import { personKey } from './person-key.js';

/** Customers by data subject: name, phone and address from their latest order, e-mail kept when a later order has none. */
export const customersProjection = keyedProjection({
  name: 'customers',
  version: 1,
  eventTypes: ['OrderPlaced'],
  table: CustomerEntity,
  count: CustomerCountEntity,
  keyOf: (e) => personKey(e, e.data.customer.phone),
  apply(row, e) {
    const d = e.data;
    if (row && row.last_order_id === d.orderId) return row; // the same order again
    const c = d.customer;
    const at = placedAt(e);
    return {
      subject_id: personKey(e, c.phone),
      phone: c.phone,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email ?? row?.email ?? null,
      address_line: c.addressLine,
      building: c.building,
      apartment: c.apartment,
      city: c.city,
      governorate: c.governorate,
      created_at: row?.created_at ?? at,
      last_order_at: at,
      last_order_id: d.orderId,
      order_count: Number(row?.order_count ?? 0) + 1,
    };
  },
});
