import { foldForSearch } from '#domain/shared/search-folding.js';
import { CustomerEntity } from '../customer.entity.js';
import { CustomerCountEntity } from '../customer-count.entity.js';
import { tableSpec } from '../table-spec.js';
import { ERASED_CUSTOMER } from './erased-customer.js';
import { placedAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';
import { personKey } from './person-key.js';

/**
 * Customers by data subject: name, phone and address from their latest order, e-mail kept when a
 * later order has none. Version 2 keeps search_text, the names, phone and e-mail folded as the
 * admin's search folds what it is given (foldForSearch); version 3 follows staff edits of the
 * latest order (OrderEdited) as it follows corrections.
 */
export const customersProjection = keyedProjection({
  name: 'customers',
  version: 3,
  eventTypes: ['OrderPlaced', 'PersonalDataCorrected', 'OrderEdited'],
  table: CustomerEntity,
  count: CustomerCountEntity,
  keyOf: (e) => personKey(e, e.type === 'OrderPlaced' ? e.data.customer.phone : e.data.phone),
  apply(row, e) {
    if (e.type === 'OrderEdited') {
      // As a correction: the latest order's contact, address and governorate as the edit left them.
      const c = e.data.after?.customer;
      if (!row || row.last_order_id !== e.data.orderId || !c) return row;
      return withSearchText({
        ...row, first_name: c.firstName, last_name: c.lastName, phone: c.phone, address_line: c.addressLine,
        building: c.building, apartment: c.apartment, city: c.city, governorate: c.governorate,
      });
    }
    if (e.type === 'PersonalDataCorrected') {
      // The row shows the latest order's contact: a correction of that order changes it.
      if (!row || row.last_order_id !== e.data.orderId) return row;
      const after = e.data.after ?? {};
      const columns = { firstName: 'first_name', lastName: 'last_name', phone: 'phone', addressLine: 'address_line', building: 'building', apartment: 'apartment', city: 'city' } as const;
      const changed = (e.data.fields ?? []).filter((f) => f in columns && typeof after[f] === 'string');
      return changed.length === 0 ? row : withSearchText({ ...row, ...Object.fromEntries(changed.map((f) => [columns[f], after[f]])) });
    }
    const d = e.data;
    if (row && row.last_order_id === d.orderId) return row; // the same order again
    const c = d.customer;
    const at = placedAt(e);
    return withSearchText({
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
    });
  },
  // The row stays (order count, dates, governorate: the dashboards' figures), its person goes,
  // search_text with it: made from the erased values exactly as a replay of the erased events makes it.
  async erase(e, ctx) {
    const x = ERASED_CUSTOMER;
    const erased = withSearchText({ first_name: x.firstName, last_name: x.lastName, phone: x.phone, email: x.email });
    await ctx.sql(
      `UPDATE ${ctx.table(CUSTOMERS_TABLE.name)} SET phone = $2, first_name = $3, last_name = $4, email = $5, address_line = $6,
         building = $7, apartment = $8, city = $9, search_text = $10 WHERE subject_id = $1`,
      [e.data.subjectId, x.phone, x.firstName, x.lastName, x.email, x.addressLine, x.building, x.apartment, x.city, erased.search_text],
    );
  },
});

/** The row with search_text made from its names, phone and e-mail. */
function withSearchText<R extends Record<string, unknown>>(row: R): R & { search_text: string } {
  const parts = [row.first_name, row.last_name, row.phone, row.email].map((v) => (v === null || v === undefined ? '' : String(v)));
  return { ...row, search_text: foldForSearch(parts.join(' ')) };
}

const CUSTOMERS_TABLE = tableSpec(CustomerEntity);
