import { ORDER_HISTORY_WORDING, STAFF_WORDING_CODES } from '#domain/admin/staff-wording.js';
import { orderHistoryProjection } from '#read-models/projections/order-history.projection.js';
import { orderHistoryWording } from './order-history-wording.js';

describe("an order's history, as codes and arguments for staff", () => {
  it('has a wording for every event type the history shows (a new one fails here until it is worded)', () => {
    // An erasure blanks the reasons already in the trail; it is no line of it.
    const shown = orderHistoryProjection.eventTypes.filter((type) => type !== 'PersonalDataErased');
    expect([...shown].sort()).toEqual(Object.keys(ORDER_HISTORY_WORDING).sort());
    for (const type of shown) {
      const { code } = orderHistoryWording(type, {});
      expect(code).not.toBe('order.otherEvent');
      expect((ORDER_HISTORY_WORDING as Record<string, readonly string[]>)[type]).toContain(code);
      expect(STAFF_WORDING_CODES).toContain(code);
    }
  });

  it('says a return as the items and the cash handed back, not as raw keys', () => {
    expect(orderHistoryWording('OrderReturned', { returned: 240, itemCount: 1, reason: null })).toEqual({ code: 'order.returned', args: { items: 1, refund: 240, reason: null } });
    expect(orderHistoryWording('RefundRecorded', { refunded: 99.5 })).toEqual({ code: 'order.refunded', args: { amount: 99.5 } });
  });

  it('says a status change with the courier and tracking number, and a correction as one', () => {
    expect(orderHistoryWording('OrderStatusChanged', { status: { from: 'CONFIRMED', to: 'SHIPPED' }, reason: null, courier: 'Bosta', trackingNumber: 'B-1' })).toEqual({
      code: 'order.statusChanged', args: { from: 'CONFIRMED', to: 'SHIPPED', reason: null, courier: 'Bosta', trackingNumber: 'B-1' },
    });
    expect(orderHistoryWording('OrderStatusChanged', { status: { from: 'DELIVERED', to: 'REFUSED' }, reason: 'swapped', correction: true })).toEqual({
      code: 'order.statusCorrected', args: { from: 'DELIVERED', to: 'REFUSED', reason: 'swapped' },
    });
  });

  it('gives money the trail keeps in piastres in EGP', () => {
    const placed = orderHistoryWording('OrderPlaced', { status: { from: null, to: 'PLACED' }, orderNumber: 'PS-1', total: 53000, itemCount: 2, paymentMethod: 'COD', promoCode: null });
    expect(placed).toEqual({ code: 'order.placed', args: { orderNumber: 'PS-1', total: 530, items: 2, paymentMethod: 'COD', promoCode: null } });
    const edited = orderHistoryWording('OrderEdited', { edited: ['lines'], corrected: [], totals: { total: { from: 38000, to: 81000 } }, lines: { from: [], to: [{ name: 'Salah', size: 'SIZE_20x30', quantity: 2, lineTotal: 1 }] }, reason: null });
    expect(edited.args).toMatchObject({ totals: [{ figure: 'total', from: 380, to: 810 }], lines: { from: [], to: [{ name: 'Salah', size: 'SIZE_20x30', quantity: 2 }] }, governorate: null });
  });

  it('reads hostile or missing values as nothing rather than failing the page', () => {
    for (const type of orderHistoryProjection.eventTypes) {
      for (const changes of [null, 'x', [], { status: 'nope', totals: 7, lines: { from: 'x' }, corrected: 'phone', itemCount: 1.5, returned: 'lots' }]) {
        expect(() => orderHistoryWording(type, changes)).not.toThrow();
      }
    }
    expect(orderHistoryWording('SomethingNew', {})).toEqual({ code: 'order.otherEvent', args: { type: 'SomethingNew' } });
  });
});
