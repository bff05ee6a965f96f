import { ROLE_PERMISSIONS } from '../admin/staff-permissions.js';
import { eventPersonalFields, ORDER_ROW_PERSONAL_FIELDS, shapeForReader, WITHHELD, withhold } from './withheld.js';

describe('withholding personal data', () => {
  const row = { orderNumber: 'PS-1', customerName: 'Mona Ali', firstName: 'Mona', lastName: 'Ali', phone: '01012345678', email: null, addressLine: '12 Nile St', building: '4', apartment: '7', city: 'Giza', governorate: 'GIZA', latitude: 30.1, longitude: 31.2, notes: 'ring twice', total: 450 };

  it('withholds every declared field of an order row and keeps the rest of it', () => {
    const shaped = withhold(row, ORDER_ROW_PERSONAL_FIELDS);
    expect(shaped).toEqual({
      orderNumber: 'PS-1', customerName: WITHHELD, firstName: WITHHELD, lastName: WITHHELD, phone: WITHHELD, email: WITHHELD, addressLine: WITHHELD, building: WITHHELD,
      apartment: WITHHELD, city: WITHHELD, governorate: 'GIZA', latitude: WITHHELD, longitude: WITHHELD, notes: WITHHELD, total: 450,
    });
    expect(row.phone).toBe('01012345678');
  });

  it('shapes by the reader: whole for customers.read, withheld for every role without it', () => {
    expect(shapeForReader(row, ROLE_PERMISSIONS.owner, ORDER_ROW_PERSONAL_FIELDS)).toBe(row);
    for (const role of ['manager', 'agent', 'shipping'] as const) expect(shapeForReader(row, ROLE_PERMISSIONS[role], ORDER_ROW_PERSONAL_FIELDS).phone).toBe(WITHHELD);
  });

  it("withholds an event's declared paths, nested ones included, and leaves a field the event lacks absent", () => {
    const data = { orderId: 'o1', customer: { firstName: 'Mona', phone: '01012345678', governorate: 'GIZA' }, totals: { total: 45000 } };
    const shaped = withhold({ type: 'OrderPlaced', data }, eventPersonalFields('OrderPlaced').map((p) => ['data', ...p]));
    expect(shaped.data).toEqual({ orderId: 'o1', customer: { firstName: WITHHELD, phone: WITHHELD, governorate: 'GIZA' }, totals: { total: 45000 } });
    expect(eventPersonalFields('PosterPriceChanged')).toEqual([]);
    expect(eventPersonalFields('OrderEdited')).toContainEqual(['after', 'customer', 'phone']);
  });
});
