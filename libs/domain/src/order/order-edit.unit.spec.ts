import fc from 'fast-check';
import { DomainError } from '../shared/domain-error.js';
import { evolveAll } from '../shared/decider.js';
import { DEFAULT_SHOP_RULES, SIZES } from '../shop-config.js';
import { addOnAdded, cartWith, catalogue, line, posterAdded } from '../testing/fixtures.js';
import { placeOrder } from '../testing/what-if-history.js';
import { replayOrder } from '../what-if/replay-order.js';
import { totalsOf } from '../what-if/what-if-tally.js';
import type { OrderEdited, OrderEvent, OrderPlaced, OrderTotals } from './events.js';
import { validateOrderEdit, withVersion, type OrderEditInput } from './order-edit.js';
import { orderDecider, type OrderState } from './order.decider.js';

const agent = { username: 'sara', role: 'agent' } as const;
const welcome10 = { code: 'WELCOME10', percentOff: 10, active: true, deleted: false };
const anime10 = { discountId: 1, category: 'ANIME', percentage: 10, active: true };

/** Two Salah 20x30 in Cairo, COD: 300 + 60 shipping + 20 COD = 380.00. */
function placedOrder(): OrderPlaced {
  return { type: 'OrderPlaced', data: placeOrder(cartWith([line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2))]), catalogue(), 'CAIRO', 'COD', { orderId: 'o1' }) };
}

function edit(state: OrderState, input: OrderEditInput, atPlacing = catalogue()): OrderEvent[] {
  return orderDecider.decide({ type: 'EditOrder', data: { orderId: 'o1', edit: validateOrderEdit(input, DEFAULT_SHOP_RULES), facts: { atPlacing, rules: DEFAULT_SHOP_RULES }, by: agent } }, state);
}

const stateOf = (events: OrderEvent[]) => evolveAll(orderDecider, events);
const identity = (t: OrderTotals) => t.subtotal - t.discountFromPromotions - t.discountFromPromoCode + t.shippingCost + t.codFee;

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('editing an order before it ships', () => {
  it('moves it to Alexandria with a second poster: shipping at Alexandria’s rate, COD fee kept, one OrderEdited with before and after', () => {
    const placed = placedOrder();
    const [event] = edit(stateOf([placed]), {
      customer: { governorate: 'alexandria', addressLine: '9 Corniche' },
      lines: [{ itemId: 'i1', quantity: 2 }, { posterId: 'anime', size: 'SIZE_50x70', quantity: 1 }],
      reason: 'customer moved',
    }) as OrderEdited[];
    expect(event.type).toBe('OrderEdited');
    expect(event.data).toMatchObject({ orderId: 'o1', phone: '01012345678', fields: ['addressLine', 'governorate', 'lines'], reason: 'customer moved', by: agent });
    expect(event.data.before.totals).toEqual(placed.data.totals);
    // 2 × 150 + 420 = 720; Alexandria 70; COD 20.
    expect(event.data.after.totals).toMatchObject({ subtotal: 72000, shippingCost: 7000, codFee: 2000, total: 81000 });
    expect(event.data.after.customer).toMatchObject({ governorate: 'ALEXANDRIA', addressLine: '9 Corniche', firstName: 'Mona' });
    expect(event.data.after.items.map((i) => [i.name, i.quantity, i.lineTotal])).toEqual([['Salah', 2, 30000], ['Spirited Away', 1, 42000]]);
  });

  it('keeps the recorded prices of the order’s lines though the catalogue changed since, and prices a new size as at placing', () => {
    const placed = placedOrder();
    const raised = catalogue({ posters: { salah: { ...catalogue().posters.salah, variants: [{ variantId: 'salah-20x30', size: 'SIZE_20x30', price: 99900 }, { variantId: 'salah-30x40', size: 'SIZE_30x40', price: 22000 }] } } });
    const [event] = edit(stateOf([placed]), { lines: [{ itemId: 'i1', quantity: 3 }] }, raised) as OrderEdited[];
    expect(event.data.after.items[0]).toMatchObject({ originalUnitPrice: 15000, quantity: 3, lineTotal: 45000 });
    const [resized] = edit(stateOf([placed]), { lines: [{ itemId: 'i1', size: 'SIZE_30x40', quantity: 2 }] }) as OrderEdited[];
    expect(resized.data.after.items[0]).toMatchObject({ size: 'SIZE_30x40', variantId: 'salah-30x40', originalUnitPrice: 22000, lineTotal: 44000 });
  });

  it('keeps the promo code’s recorded percent and the category discount of the day of placing', () => {
    const order = placeOrder(
      cartWith([line(posterAdded('i1', 'anime', 'anime-50x70', 'SIZE_50x70', 2)), line(addOnAdded('i2', 'frame'))], { promoCode: 'WELCOME10' }),
      catalogue({ discounts: [anime10], promo: welcome10 }),
      'ALEXANDRIA',
      'COD',
      { orderId: 'o1' },
    );
    // Today the discount and the code are gone; the edit still prices as at placing.
    const [event] = edit(stateOf([{ type: 'OrderPlaced', data: order }]), { lines: [{ itemId: 'i1', quantity: 3 }, { itemId: 'i2', quantity: 1 }] }, catalogue({ discounts: [anime10], promo: welcome10 })) as OrderEdited[];
    const t = event.data.after.totals;
    // 3 × 420 + 99 = 1,359; −126 anime; promo 10% of 1,233 = 123.30; Alexandria 70; COD 20.
    expect(t).toMatchObject({ subtotal: 135900, discountFromPromotions: 12600, discountFromPromoCode: 12330, shippingCost: 7000, codFee: 2000 });
    expect(t.total).toBe(identity(t));
  });

  it('refuses an edit that breaks the minimum posters of the new governorate, naming the field', () => {
    const one = { type: 'OrderPlaced', data: placeOrder(cartWith([line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 1))]), catalogue(), 'CAIRO', 'COD', { orderId: 'o1' }) } as OrderPlaced;
    const e = refusal(() => edit(stateOf([one]), { customer: { governorate: 'ALEXANDRIA' } }));
    expect(e.code).toBe('MINIMUM_POSTERS');
    expect(e.fieldErrors).toHaveProperty('governorate');
    const byLines = refusal(() => edit(stateOf([placedOrder()]), { customer: { governorate: 'ALEXANDRIA' }, lines: [{ itemId: 'i1', quantity: 1 }] }));
    expect(byLines.fieldErrors).toHaveProperty('lines');
  });

  it('refuses absurd quantities, unknown sizes and posters, and lines not of this order, naming each field', () => {
    const state = stateOf([placedOrder()]);
    expect(refusal(() => edit(state, { lines: [{ itemId: 'i1', quantity: 1e9 }] })).fieldErrors).toHaveProperty(['lines[0].quantity']);
    expect(refusal(() => edit(state, { lines: [{ itemId: 'i1', quantity: -1 }] })).fieldErrors).toHaveProperty(['lines[0].quantity']);
    expect(refusal(() => edit(state, { lines: [{ itemId: 'i1', quantity: 2, size: 'SIZE_999' }] })).fieldErrors).toHaveProperty(['lines[0].size']);
    expect(refusal(() => edit(state, { lines: [{ itemId: 'i1', quantity: 2 }, { posterId: 'anime', size: 'SIZE_20x30', quantity: 1 }] })).fieldErrors).toHaveProperty(['lines[1].size']);
    expect(refusal(() => edit(state, { lines: [{ itemId: 'nope', quantity: 2 }] })).fieldErrors).toHaveProperty(['lines[0].itemId']);
    expect(refusal(() => edit(state, { lines: [] })).fieldErrors).toHaveProperty('lines');
    expect(refusal(() => edit(state, { customer: { notes: '<script>x</script>' } })).fieldErrors).toHaveProperty('notes');
    expect(refusal(() => edit(state, { customer: { phone: '123' } })).fieldErrors).toHaveProperty('phone');
  });

  it('refuses an edit once the order shipped, with a conflict', () => {
    const shipped = { type: 'OrderStatusChanged', data: { orderId: 'o1', orderNumber: 'PS-o1', from: 'PLACED', to: 'SHIPPED', reason: null, by: agent, courier: null, trackingNumber: null } } as const;
    const e = refusal(() => edit(stateOf([placedOrder(), shipped]), { customer: { city: 'Maadi' } }));
    expect(e.kind).toBe('conflict');
    expect(e.code).toBe('ORDER_NOT_EDITABLE');
  });

  it('an edit that changes nothing appends nothing', () => {
    expect(edit(stateOf([placedOrder()]), { customer: { city: 'Town' }, lines: [{ itemId: 'i1', quantity: 2 }] })).toEqual([]);
  });
});

describe('staff notes', () => {
  const note = (state: OrderState, text: unknown) => orderDecider.decide({ type: 'AddOrderNote', data: { orderId: 'o1', noteId: 'n1', text, by: agent } }, state);

  it('records the note under the order’s subject', () => {
    expect(note(stateOf([placedOrder()]), ' Called twice ')).toEqual([{ type: 'OrderNoteAdded', data: { orderId: 'o1', orderNumber: 'PS-o1', phone: '01012345678', noteId: 'n1', text: 'Called twice', by: agent } }]);
  });

  it('refuses markup, control characters and blanks, naming the field', () => {
    for (const text of ['<b>hi</b>', 'a\u0007b', '   ', 42]) expect(refusal(() => note(stateOf([placedOrder()]), text)).fieldErrors).toHaveProperty('text');
  });
});

describe('random sequences of edits', () => {
  const lineEdit = fc.oneof(
    fc.record({ itemId: fc.constant('i1'), size: fc.constantFrom('SIZE_20x30', 'SIZE_30x40'), quantity: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ posterId: fc.constant('anime'), size: fc.constant('SIZE_50x70'), quantity: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ productId: fc.constant('frame'), quantity: fc.integer({ min: 1, max: 3 }) }),
  );
  const anEdit = fc.record({
    governorate: fc.constantFrom('CAIRO', 'GIZA', 'ALEXANDRIA', 'ASWAN'),
    lines: fc.uniqueArray(lineEdit, { minLength: 1, maxLength: 3, selector: (l) => ('itemId' in l ? 'i1' : 'posterId' in l ? 'anime' : 'frame') }),
  });

  it('keep subtotal − discounts + shipping + COD fee = total, and what-if replays the last edit exactly', () => {
    fc.assert(
      fc.property(fc.array(anEdit, { minLength: 1, maxLength: 4 }), (edits) => {
        const order = placeOrder(cartWith([line(posterAdded('i1', 'salah', 'salah-20x30', 'SIZE_20x30', 2))], { promoCode: 'WELCOME10' }), catalogue({ discounts: [anime10], promo: welcome10 }), 'CAIRO', 'COD', { orderId: 'o1' });
        const events: OrderEvent[] = [{ type: 'OrderPlaced', data: order }];
        for (const e of edits) {
          const state = stateOf(events);
          // Lines of the order as it stands: i1 (if kept) by its id, the rest as new lines.
          const current = state.order!.items;
          const lines = e.lines.map((l) => ('itemId' in l ? (current.some((i) => i.itemId === 'i1') ? l : { posterId: 'salah', size: l.size, quantity: l.quantity }) : l));
          try {
            events.push(...edit(state, { customer: { governorate: e.governorate }, lines }, catalogue({ discounts: [anime10], promo: welcome10 })));
          } catch (err) {
            if (!(err instanceof DomainError && err.code === 'MINIMUM_POSTERS')) throw err;
          }
        }
        const now = stateOf(events).order!;
        expect(now.totals.total).toBe(identity(now.totals));
        const last = events.at(-1)!;
        if (last.type === 'OrderEdited') expect(withVersion(order, last.data.after).totals).toEqual(now.totals);
        expect(totalsOf(replayOrder(now, DEFAULT_SHOP_RULES))).toEqual(now.totals);
      }),
      { numRuns: 150, seed: 2101 },
    );
  });

  it('covers every size the shop sells in validation', () => {
    for (const size of SIZES) expect(validateOrderEdit({ lines: [{ itemId: 'i1', size, quantity: 1 }] }, DEFAULT_SHOP_RULES).lines).toEqual([{ itemId: 'i1', size, quantity: 1 }]);
  });
});
