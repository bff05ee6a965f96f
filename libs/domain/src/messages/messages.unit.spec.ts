import type { OrderPlaced } from '../order/events.js';
import { composeMessage as composeIsolated, channelsOf, orderNowFrom, parcelTrackingUrl, type OrderForMessage } from './compose-message.js';
import { defaultTemplate } from './default-templates.js';
import { firstTryAt, messageFor, stillTrue, stillTrueSince } from './message-decision.js';
import { MESSAGE_KINDS } from './message-table.js';
import { fill as fillIsolated, unknownPlaceholders, validateTemplate } from './message-template.js';
import { orderMessageValues } from './order-message-values.js';
import { allTemplates, changeTemplate, messageTemplatesDecider, parseTemplate, previewTemplate as previewIsolated, templatesFrom } from './template-set.js';

/** The text as a reader sees it: the isolates around each value are invisible (asserted on their own below). */
const seen = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value).replace(/[\u2068\u2069]/g, '')) as T));
const composeMessage = (...args: Parameters<typeof composeIsolated>) => seen(composeIsolated(...args));
const fill = (...args: Parameters<typeof fillIsolated>) => seen(fillIsolated(...args));
const previewTemplate = (...args: Parameters<typeof previewIsolated>) => seen(previewIsolated(...args));

const customer: OrderPlaced['data']['customer'] = {
  firstName: 'Mona', lastName: 'Ali', phone: '01012345678', email: 'mona@example.com', addressLine: '1 Nile St', building: '2', apartment: '3',
  city: 'Cairo', governorate: 'CAIRO', latitude: 30, longitude: 31, notes: null,
};
const order: OrderForMessage = {
  orderNumber: 'PS-AAAA-BBBB',
  customer,
  paymentMethod: 'COD',
  language: 'en',
  items: [
    { itemId: 'i1', kind: 'poster', posterId: 'p1', productId: null, variantId: null, name: 'Starry Night', category: 'ART', imageUrl: null, customImagePath: null, size: 'SIZE_30x40', quantity: 2, unitPrice: 42000, originalUnitPrice: 42000, discountPercentage: 0, lineTotal: 84000, priceRules: [] },
  ],
  totals: { subtotal: 84000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 6000, codFee: 2000, taxAmount: 11300, total: 123456 },
};

describe('the event → message decision', () => {
  it('an order placed is told at once; confirmed, shipped and delivered are held for the undo window', () => {
    expect(messageFor('OrderPlaced', {})).toMatchObject({ kind: 'orderPlaced', held: false });
    expect(messageFor('OrderStatusChanged', { from: 'PLACED', to: 'CONFIRMED' })).toMatchObject({ kind: 'orderConfirmed', held: true });
    expect(messageFor('OrderStatusChanged', { from: 'CONFIRMED', to: 'SHIPPED' })?.kind).toBe('orderShipped');
    expect(messageFor('OrderStatusChanged', { from: 'SHIPPED', to: 'DELIVERED' })?.kind).toBe('orderDelivered');
  });

  it('says nothing of a move back, a correction, a cancellation or an event it does not know', () => {
    expect(messageFor('OrderStatusChanged', { from: 'CONFIRMED', to: 'PLACED' })).toBeUndefined();
    expect(messageFor('OrderStatusChanged', { from: 'DELIVERED', to: 'SHIPPED', correction: true })).toBeUndefined();
    expect(messageFor('OrderStatusChanged', { from: 'PLACED', to: 'CANCELED' })).toBeUndefined();
    expect(messageFor('OrderStatusChanged', null)).toBeUndefined();
    expect(messageFor('ItemAddedToCart', {})).toBeUndefined();
  });

  it('a held message still holds when the order stayed or moved on; an undone, canceled or refused one is dropped', () => {
    expect(stillTrue('CONFIRMED', 'CONFIRMED')).toBe(true);
    expect(stillTrue('CONFIRMED', 'SHIPPED')).toBe(true);
    expect(stillTrue('CONFIRMED', 'PLACED')).toBe(false);
    expect(stillTrue('SHIPPED', 'REFUSED')).toBe(false);
    expect(stillTrue('CONFIRMED', 'CANCELED')).toBe(false);
    expect(stillTrue(undefined, 'CANCELED')).toBe(true);
  });

  it('judged on the stream: a confirmation undone and confirmed again is dropped, the second one stands', () => {
    const move = (id: string, to: string) => ({ id, type: 'OrderStatusChanged', data: { to } });
    const stream = [{ id: 'p', type: 'OrderPlaced', data: {} }, move('c1', 'CONFIRMED'), move('u', 'PLACED'), move('c2', 'CONFIRMED'), move('s', 'SHIPPED')];
    expect(stillTrueSince(stream, 'c1', 'CONFIRMED')).toBe(false);
    expect(stillTrueSince(stream, 'c2', 'CONFIRMED')).toBe(true);
    expect(stillTrueSince(stream, 'p', undefined)).toBe(true);
    expect(stillTrueSince(stream, 'missing', 'CONFIRMED')).toBe(false);
  });

  it('a held message is first tried when the window after its fact closes, an unheld one at once', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    expect(firstTryAt({ held: true }, at, 10_000).toISOString()).toBe('2026-11-27T10:00:10.000Z');
    expect(firstTryAt({ held: false }, at, 10_000)).toEqual(at);
  });
});

describe('templates', () => {
  it('every default template is valid in both languages and channels', () => {
    for (const kind of MESSAGE_KINDS) for (const channel of ['email', 'sms'] as const) for (const language of ['en', 'ar'] as const) {
      expect(() => validateTemplate(defaultTemplate(kind, channel, language))).not.toThrow();
    }
  });

  it('refuses unknown placeholders and HTML, naming the field', () => {
    expect(unknownPlaceholders('Hi {{firstName}} {{ secret }} {{x}}')).toEqual(['secret', 'x']);
    expect(() => validateTemplate({ channel: 'email', subject: 'Hi {{nope}}', body: 'ok' })).toThrow(expect.objectContaining({ fieldErrors: { subject: expect.stringContaining('{{nope}}') } }));
    expect(() => validateTemplate({ channel: 'email', subject: 'Hi', body: 'Click <a href="x">here</a>' })).toThrow(expect.objectContaining({ fieldErrors: { body: 'body must be plain text: no HTML tags' } }));
    expect(() => validateTemplate({ channel: 'sms', subject: null, body: ' ' })).toThrow(expect.objectContaining({ fieldErrors: { body: 'body must not be empty' } }));
    expect(() => validateTemplate({ channel: 'email', subject: null, body: 'x' })).toThrow(expect.objectContaining({ fieldErrors: { subject: 'An e-mail needs a subject' } }));
    expect(() => validateTemplate({ channel: 'sms', subject: null, body: '3 < 4 and {{total}}' })).not.toThrow();
  });

  it('fills values as they are: a value that looks like a placeholder stays text', () => {
    const values = { ...orderMessageValues(order), firstName: '{{total}}' };
    expect(fill('Hi {{firstName}}, {{ total }}', values)).toBe('Hi {{total}}, LE 1,234.56');
  });
});

describe('composing a message', () => {
  it('an English e-mail names the lines, the total and the payment', () => {
    const m = composeMessage('orderPlaced', 'email', order)!;
    expect(m).toMatchObject({ to: 'mona@example.com', language: 'en', subject: 'We received your order PS-AAAA-BBBB', whatsapp: null });
    expect(m.body).toContain('2 × Starry Night (30x40cm): LE 840.00');
    expect(m.body).toContain('Total: LE 1,234.56 (cash on delivery)');
  });

  it('an Arabic order is told in Arabic, its money in Egyptian Arabic digits', () => {
    const m = composeMessage('orderConfirmed', 'email', { ...order, language: 'ar' })!;
    expect(m.subject).toBe('تم تأكيد طلبك PS-AAAA-BBBB');
    expect(m.body).toContain('٢ × Starry Night');
    expect(m.body).toMatch(/الإجمالي: \u200f?١٬٢٣٤٫٥٦\s?ج\.م\./);
  });

  it('the phone gets an SMS text, or WhatsApp\'s approved template with its parameters', () => {
    expect(composeMessage('orderShipped', 'phone', order)).toMatchObject({ to: '01012345678', subject: null, body: 'Poster Shop: your order PS-AAAA-BBBB is on its way.', whatsapp: null });
    expect(composeMessage('orderPlaced', 'phone', { ...order, language: 'ar' }, 'whatsapp')?.whatsapp).toEqual({ template: 'order_placed', language: 'ar', parameters: ['Mona', 'PS-AAAA-BBBB', expect.stringContaining('ج.م.')] });
  });

  it('an edit is told at once, with the order as the edit left it', () => {
    expect(messageFor('OrderEdited', {})).toMatchObject({ kind: 'orderEdited', held: false });
    const placed = { type: 'OrderPlaced', data: order };
    const after = { customer: { ...customer, city: 'Alexandria', governorate: 'ALEXANDRIA' }, items: order.items, totals: { ...order.totals, shippingCost: 8000, total: 125456 }, priceRules: [] };
    const now = orderNowFrom([placed, { type: 'OrderEdited', data: { orderId: 'o1', after } }])!;
    const m = composeMessage('orderEdited', 'email', now.order)!;
    expect(m.subject).toBe('Your order PS-AAAA-BBBB was updated');
    expect(m.body).toContain('Total: LE 1,254.56');
  });

  it('a shipped parcel is told with its courier\'s tracking link when the courier has one, and without it otherwise', () => {
    const shipped = (courierId: string) => orderNowFrom([
      { type: 'OrderPlaced', data: order },
      { type: 'OrderStatusChanged', data: { from: 'PLACED', to: 'SHIPPED', courier: { courierId, name: 'Bosta' }, trackingNumber: 'BO 123/4' } },
    ])!;
    const couriers = [
      { type: 'CourierAdded', data: { courierId: 'k1', name: 'Bosta', trackingUrlTemplate: 'https://bosta.co/track/{tracking}' } },
      { type: 'CourierAdded', data: { courierId: 'k2', name: 'Hand', trackingUrlTemplate: null } },
    ];
    const url = parcelTrackingUrl(shipped('k1'), couriers);
    expect(url).toBe('https://bosta.co/track/BO%20123%2F4');
    expect(composeMessage('orderShipped', 'phone', shipped('k1').order, 'sms', undefined, url)?.body).toBe(
      'Poster Shop: your order PS-AAAA-BBBB is on its way.\nTrack your parcel: https://bosta.co/track/BO%20123%2F4',
    );
    expect(parcelTrackingUrl(shipped('k2'), couriers)).toBeNull();
    expect(composeMessage('orderShipped', 'email', { ...order, language: 'ar' }, 'sms', undefined, url)?.body).toContain('تتبّع شحنتك: https://bosta.co/track/');
  });

  it('nothing goes to an order without an e-mail, nor to an erased subject', () => {
    expect(channelsOf({ customer: { ...customer, email: null } })).toEqual(['phone']);
    expect(channelsOf({ customer })).toEqual(['email', 'phone']);
    expect(composeMessage('orderPlaced', 'email', { ...order, customer: { ...customer, email: null } })).toBeUndefined();
    expect(composeMessage('orderPlaced', 'phone', { ...order, customer: { ...customer, phone: '[erased]' } })).toBeUndefined();
  });
});

describe('the owner\'s templates', () => {
  const by = { username: 'owner', role: 'owner' } as const;
  const mine = { kind: 'orderPlaced', channel: 'email', language: 'en', subject: 'Got it: {{orderNumber}}', body: 'Hi {{firstName}}, {{total}}' };

  it('a change replaces that kind, channel and language only; the others stay the shop\'s own', () => {
    const [changed] = messageTemplatesDecider.decide({ type: 'ChangeMessageTemplate', data: { template: mine, by } }, messageTemplatesDecider.initialState);
    const lookup = templatesFrom([changed]);
    expect(lookup('orderPlaced', 'email', 'en')).toMatchObject({ subject: 'Got it: {{orderNumber}}' });
    expect(lookup('orderPlaced', 'email', 'ar')).toBeUndefined();
    const all = allTemplates(lookup);
    expect(all).toHaveLength(MESSAGE_KINDS.length * 4);
    expect(all.filter((t) => t.custom)).toHaveLength(1);
    expect(composeMessage('orderPlaced', 'email', order, 'sms', lookup)).toMatchObject({ subject: 'Got it: PS-AAAA-BBBB', body: 'Hi Mona, LE 1,234.56' });
  });

  it('a change to the wording in force appends nothing', () => {
    const state = messageTemplatesDecider.evolve(messageTemplatesDecider.initialState, changeTemplate(mine, by));
    expect(messageTemplatesDecider.decide({ type: 'ChangeMessageTemplate', data: { template: mine, by } }, state)).toEqual([]);
    const shops = defaultTemplate('orderShipped', 'sms', 'ar');
    expect(messageTemplatesDecider.decide({ type: 'ChangeMessageTemplate', data: { template: shops, by } }, state)).toEqual([]);
  });

  it('refuses an unknown kind, channel or language, and bad text, naming the field', () => {
    expect(() => parseTemplate({ ...mine, kind: 'orderLost', channel: 'fax' })).toThrow(expect.objectContaining({ fieldErrors: { kind: expect.any(String), channel: expect.any(String) } }));
    expect(() => parseTemplate([])).toThrow(expect.objectContaining({ fieldErrors: expect.objectContaining({ kind: expect.any(String), body: 'body must be text' }) }));
    expect(() => parseTemplate({ ...mine, body: '<script>x</script>' })).toThrow(expect.objectContaining({ fieldErrors: { body: 'body must be plain text: no HTML tags' } }));
    expect(() => parseTemplate({ ...mine, subject: '{{address}}' })).toThrow(expect.objectContaining({ fieldErrors: { subject: expect.stringContaining('{{address}}') } }));
  });

  it('previews on a made-up order in the template\'s language', () => {
    expect(previewTemplate(mine)).toEqual({ subject: 'Got it: PS-7KQ4-M2XD', body: 'Hi Mona, LE 920.00' });
    expect(previewTemplate({ ...mine, language: 'ar', channel: 'sms', subject: 'ignored', body: '{{firstName}}: {{total}}' }).subject).toBeNull();
    expect(previewTemplate({ ...mine, language: 'ar', channel: 'sms', body: '{{firstName}}' }).body).toBe('منى');
  });
});

describe('text that cannot reorder itself', () => {
  const FSI = '\u2068';
  const PDI = '\u2069';
  const hostile: OrderForMessage = {
    ...order,
    customer: { ...customer, firstName: 'Mo\u202Ena \u2067x' },
    items: [{ ...order.items[0], name: 'Starry \u202ENight' }],
  };

  it('isolates every value in e-mail subjects and bodies, SMS and WhatsApp, and drops override characters', () => {
    const mail = composeIsolated('orderPlaced', 'email', hostile)!;
    expect(mail.subject).toBe(`We received your order ${FSI}PS-AAAA-BBBB${PDI}`);
    expect(mail.body).toContain(`Hello ${FSI}Mona x${PDI},`);
    expect(mail.body).toContain(`2 × ${FSI}Starry Night (30x40cm)${PDI}: ${FSI}LE 840.00${PDI}`);
    expect(mail.body).toContain(`Total: ${FSI}LE 1,234.56${PDI} (${FSI}cash on delivery${PDI})`);
    const sms = composeIsolated('orderPlaced', 'phone', hostile)!;
    const whatsapp = composeIsolated('orderPlaced', 'phone', hostile, 'whatsapp')!.whatsapp!;
    expect(whatsapp.parameters[0]).toBe(`${FSI}Mona x${PDI}`);
    for (const text of [mail.subject!, mail.body, sms.body, ...whatsapp.parameters]) {
      expect(text).not.toMatch(/[\u202A-\u202E\u2066\u2067]/);
      // Every isolate is closed on its own line: a value never takes in the text after it.
      for (const line of text.split('\n')) expect(line.split(FSI).length).toBe(line.split(PDI).length);
    }
  });

  it('keeps the marks Arabic keyboards type, and drops an owner template\'s own overrides', () => {
    const m = composeIsolated('orderPlaced', 'email', { ...order, customer: { ...customer, firstName: 'منى\u200F\u061C' } }, 'sms', () => ({ kind: 'orderPlaced', channel: 'email', language: 'en', subject: 'Hi \u202E{{firstName}}', body: '{{firstName}}' }))!;
    expect(m.subject).toBe(`Hi ${FSI}منى\u200F\u061C${PDI}`);
  });

  it('leaves the tracking link bare at the end of its line, where a phone or mail reader takes it whole', () => {
    const m = composeIsolated('orderShipped', 'phone', order, 'sms', undefined, 'https://bosta.co/track/\u202EBO1')!;
    expect(m.body.split('\n').at(-1)).toBe('Track your parcel: https://bosta.co/track/BO1');
  });
});
