import { snapshotTaken } from '../snapshots.js';
import { SHOP_EVENT_TYPES } from '../shop-event.js';
import { isPersonalSnapshot, normaliseSubjectIdentifier, PERSONAL_FIELDS, snapshotHoldsPersonalData, valueAt } from './personal-fields.js';

describe('personal fields', () => {
  it('declares only event types of the shop, each with its subject among its personal fields', () => {
    for (const [type, declared] of Object.entries(PERSONAL_FIELDS)) {
      expect(SHOP_EVENT_TYPES).toContain(type);
      expect(declared.fields.map((f) => f.path.join('.'))).toContain(declared.subject.path.join('.'));
    }
  });

  it('finds one subject for every form of one phone, and for every case of one e-mail', () => {
    expect(['01012345678', ' +20 101 234 5678 ', '00201012345678', '٠١٠١٢٣٤٥٦٧٨'].map((p) => normaliseSubjectIdentifier('phone', p))).toEqual(Array(4).fill('01012345678'));
    expect(normaliseSubjectIdentifier('email', ' Mona@Example.COM ')).toBe('mona@example.com');
    // Never refused for a missing identifier: the event is still encrypted, under the empty one.
    expect([normaliseSubjectIdentifier('phone', undefined), normaliseSubjectIdentifier('phone', '  ')]).toEqual(['', '']);
  });

  it('takes no snapshot of an order, a subscriber, the newsletter or a checked-out cart; an open cart and a poster may be', () => {
    expect(snapshotHoldsPersonalData('order-o1', {})).toBe(true);
    expect(snapshotHoldsPersonalData('subscriber-s1', {})).toBe(true);
    expect(snapshotHoldsPersonalData('newsletter', {})).toBe(true);
    expect(snapshotHoldsPersonalData('cart-c1', { checkedOut: { orderId: 'o1' } })).toBe(true);
    expect(snapshotHoldsPersonalData('cart-c1', { checkedOut: null })).toBe(false);
    expect(snapshotHoldsPersonalData('poster-p1', {})).toBe(false);
    const order = snapshotTaken('order-o1', 70n, 1, {});
    expect(isPersonalSnapshot(order.event.type, order.event.data)).toBe(true);
    expect(isPersonalSnapshot('OrderPlaced', order.event.data)).toBe(false);
  });

  it("declares the reasons staff write about a person (a status move, a return, an edit) under the order's phone", () => {
    for (const type of ['OrderStatusChanged', 'OrderReturned', 'OrderEdited', 'OrderNoteAdded']) {
      expect(PERSONAL_FIELDS[type]?.subject).toEqual({ kind: 'phone', path: ['phone'] });
    }
    const reasonOf = (type: string) => PERSONAL_FIELDS[type].fields.find((f) => f.path.join('.') === 'reason');
    // Each erased to a value of its type: a move's and an edit's reason may be null, a return's never is.
    expect([reasonOf('OrderStatusChanged')?.erased, reasonOf('OrderEdited')?.erased, reasonOf('OrderReturned')?.erased]).toEqual([null, null, '[erased]']);
  });

  it('reads a value at a path, undefined past a non-object', () => {
    expect(valueAt({ a: { b: 1 } }, ['a', 'b'])).toBe(1);
    expect(valueAt({ a: 'x' }, ['a', 'b'])).toBeUndefined();
    expect(valueAt(null, ['a'])).toBeUndefined();
  });
});
