import type { OrderPlaced } from '../order/events.js';
import { latinLeaks } from '../shared/customer-words.js';
import { composeMessage, type OrderForMessage } from './compose-message.js';
import { emailHtml, escapeHtml, senderFor } from './email-html.js';
import { MESSAGE_KINDS } from './message-table.js';

const customer: OrderPlaced['data']['customer'] = {
  firstName: 'منى', lastName: 'علي', phone: '01012345678', email: 'mona@example.com', addressLine: 'شارع الجمهورية', building: '12', apartment: '4',
  city: 'المنصورة', governorate: 'DAKAHLIYA', latitude: 31, longitude: 31.4, notes: null,
};
const line = { productId: null, variantId: null, category: 'ART', imageUrl: null, customImagePath: null, unitPrice: 42000, originalUnitPrice: 42000, discountPercentage: 0, priceRules: [] };
/** A poster with its Arabic name, one without (placed before the shop kept it), a custom poster and an add-on. */
const order: OrderForMessage = {
  orderNumber: 'PS-7ZP5-D2CQ',
  customer,
  paymentMethod: 'COD',
  language: 'ar',
  items: [
    { ...line, itemId: 'i1', kind: 'poster', posterId: 'p1', name: 'Islamic Geometry', nameAr: 'هندسة إسلامية', size: 'SIZE_40x50', quantity: 2, lineTotal: 84000 },
    { ...line, itemId: 'i2', kind: 'custom', posterId: null, name: 'Custom Poster', size: 'SIZE_30x40', quantity: 1, lineTotal: 42000 },
    { ...line, itemId: 'i3', kind: 'addon', posterId: null, productId: 'f1', name: 'Black Frame', nameAr: 'إطار أسود', category: null, size: null, quantity: 1, lineTotal: 15000 },
  ],
  totals: { subtotal: 141000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 7500, codFee: 2000, taxAmount: 18000, total: 149900 },
};
const TRACKING = 'https://courier.example/track?n=AB12';

describe('Arabic customer messages carry no English', () => {
  it.each(MESSAGE_KINDS)('%s: the e-mail (subject, text and HTML) and the SMS hold no Latin word but the order number and the tracking link', (kind) => {
    for (const channel of ['email', 'phone'] as const) {
      const message = composeMessage(kind, channel, order, 'sms', undefined, TRACKING)!;
      const html = emailHtml(message.subject ?? '', message.body, 'ar').replace(/<[^>]*>/g, ' ');
      expect({ kind, channel, leaks: latinLeaks(`${message.subject ?? ''}\n${message.body}\n${channel === 'email' ? html : ''}`) }).toEqual({ kind, channel, leaks: [] });
    }
  });

  it('names each line in Arabic with an Arabic size, "بوستر مخصص" for the shopper\'s own image, and writes every number in the one digit system', () => {
    const body = composeMessage('orderPlaced', 'email', order)!.body.replace(/[\u2068\u2069]/g, '');
    expect(body).toContain('٢ × هندسة إسلامية (٤٠×٥٠ سم)');
    expect(body).toContain('١ × بوستر مخصص (٣٠×٤٠ سم)');
    expect(body).toContain('١ × إطار أسود');
    expect(body).toMatch(/الإجمالي: \u200f?١٬٤٩٩٫٠٠/);
    const latin = composeMessage('orderPlaced', 'email', order, 'sms', undefined, null, 'latin')!.body.replace(/[\u2068\u2069]/g, '');
    expect(latin).toContain('2 × هندسة إسلامية (40×50 سم)');
    expect(latin).toMatch(/الإجمالي: \u200f?1,499\.00/);
    expect(latin).not.toMatch(/[\u0660-\u0669]/);
  });

  it('an old Arabic order without Arabic names still reads in Arabic around its names, and an English order keeps its English', () => {
    const old = { ...order, items: order.items.map(({ nameAr: _drop, ...item }) => item) };
    expect(composeMessage('orderPlaced', 'email', old)!.body).toContain('٢ × \u2068Islamic Geometry (٤٠×٥٠ سم)\u2069');
    const english = composeMessage('orderPlaced', 'email', { ...order, language: 'en' })!.body.replace(/[\u2068\u2069]/g, '');
    expect(english).toContain('2 × Islamic Geometry (40x50cm)');
    expect(english).toContain('1 × Custom Poster (30x40cm)');
  });
});

describe('the e-mail\'s HTML part', () => {
  it('is right-to-left Arabic for an Arabic order, left-to-right English otherwise', () => {
    expect(emailHtml('s', 'b', 'ar')).toMatch(/<html dir="rtl" lang="ar">/);
    expect(emailHtml('s', 'b', 'ar')).toContain('متجر البوسترات');
    expect(emailHtml('s', 'b', 'en')).toMatch(/<html dir="ltr" lang="en">/);
  });

  it('escapes every character that could make markup, in the subject and the body; a tracking link becomes a link', () => {
    const html = emailHtml('<script>"x"</script>', `Hello <img src=x onerror=alert(1)> & 'you'\n\nTrack: ${TRACKING}&x=<b>`, 'en');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;&quot;x&quot;&lt;/script&gt;');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; &amp; &#39;you&#39;');
    expect(html).toContain('<a href="https://courier.example/track?n=AB12&amp;x=&lt;b&gt;"');
    expect(escapeHtml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;');
  });

  it('comes from the shop\'s Arabic name at the configured address for Arabic, the configured sender for English', () => {
    expect(senderFor('Poster Shop <orders@shop.test>', 'ar')).toEqual({ name: 'متجر البوسترات', address: 'orders@shop.test' });
    expect(senderFor('orders@shop.test', 'ar')).toEqual({ name: 'متجر البوسترات', address: 'orders@shop.test' });
    expect(senderFor('Poster Shop <orders@shop.test>', 'en')).toBe('Poster Shop <orders@shop.test>');
  });
});
