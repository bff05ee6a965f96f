// Messages to customers, end to end: an Arabic checkout with an e-mail reaches the suite's SMTP
// server (global-setup.mjs) in Arabic with the order's lines and total; the back-office's Messages
// page lists it and shows its text; a confirmation undone inside the undo window sends nothing.
import { expect } from '@jest/globals';
import { adminCall, apiToken, BASE_URL, eventually, signedInBrowser } from './admin-support.mjs';
import { receivedMail } from './mailbox.mjs';
import { latinLeaks } from '../../dist/libs/domain/src/shared/customer-words.js';
import { DESKTOP, screenshot, withShop } from './support.mjs';

const EMAIL = 'mona.messages@example.com';
const arabicMoney = new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const arabicCount = new Intl.NumberFormat('ar-EG');
const bare = (text) => text.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '').trim();

describe('messages to customers', () => {
  let token;
  let order;
  let admin;
  let nile;

  beforeAll(async () => {
    token = await apiToken();
    const listed = await (await fetch(`${BASE_URL}/api/public/posters?limit=100`)).json();
    nile = listed.posters.find((p) => p.name === 'Nile at Dusk');
    await withShop({ viewport: DESKTOP, locale: 'ar' }, async ({ page }) => {
      await page.goto(`/posters/${nile.id}`);
      await page.locator('fieldset label').first().click();
      await page.getByRole('button', { name: 'زيادة الكمية' }).click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await page.waitForURL('**/checkout');
      for (const [field, value] of [['firstName', 'منى'], ['lastName', 'عادل'], ['phone', '٠١٠٠ ١٢٣ ٤٥٦٧'], ['email', EMAIL], ['addressLine', '١٢ كورنيش النيل'], ['building', '٤'], ['apartment', '٧'], ['city', 'أسوان']]) {
        await page.locator(`#checkout-${field}`).fill(value);
      }
      await page.locator('#checkout-governorate').selectOption('ASWAN');
      await page.getByTestId('place-order').click();
      const number = page.getByTestId('order-number');
      await number.waitFor();
      order = { orderNumber: bare(await number.textContent()) };
    });
    const messages = await eventually(async () => {
      const { body } = await adminCall(token, 'GET', '/admin/messages?size=200');
      const mine = body.data.filter((m) => m.orderNumber === order.orderNumber);
      expect(mine.length).toBeGreaterThan(0);
      return mine;
    }, { timeout: 30_000 });
    order.id = messages[0].orderId;
    order.view = (await adminCall(token, 'GET', `/admin/orders/${order.id}`)).body;
    admin = await signedInBrowser();
  }, 180_000);
  afterAll(async () => {
    await admin?.browser.close();
  });

  const mailOf = (predicate) => receivedMail().filter((m) => m.headers.to?.includes(EMAIL) && predicate(m));

  test('the order-received e-mail arrives in Arabic with every line and the total, its Message-ID the message\'s id', async () => {
    const [mail] = await eventually(async () => {
      const found = mailOf((m) => m.subject.includes(order.orderNumber));
      expect(found).toHaveLength(1);
      return found;
    }, { timeout: 60_000 });
    expect(mail.subject).toBe(`استلمنا طلبك \u2068${order.orderNumber}\u2069`);
    expect(mail.headers['content-language']).toBe('ar');
    expect(bare(mail.text)).toContain('مرحباً منى');
    // Each line by its Arabic name with an Arabic size, and no English anywhere but the order number.
    for (const item of order.view.items) expect(mail.text).toContain(`${arabicCount.format(item.quantity)} × \u2068${nile.nameAr} (`);
    expect(bare(mail.text)).toMatch(/\(\S+×\S+ سم\)/);
    expect([...latinLeaks(mail.subject), ...latinLeaks(mail.text), ...latinLeaks(mail.html.replace(/<[^>]*>|&[#\w]+;/g, ' '))]).toEqual([]);
    expect(mail.html).toMatch(/<html dir="rtl" lang="ar">/);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.from).toMatch(/^"?متجر البوسترات"? <orders@shop\.test>$/);
    expect(bare(mail.text)).toContain(`الإجمالي: ${bare(arabicMoney.format(order.view.total))}`);
    const { body } = await adminCall(token, 'GET', `/admin/messages?orderId=${order.id}`);
    const sent = body.data.find((m) => m.channel === 'email' && m.kind === 'orderPlaced');
    expect(sent).toMatchObject({ status: 'sent', provider: 'smtp' });
    expect(mail.headers['message-id']).toBe(`<${sent.id}@shop.test>`);
  });

  test('the Messages page lists it, sent by SMTP, and shows its Arabic text; the SMS, with no provider, reads as not sent', async () => {
    const { page } = admin;
    await page.goto(`${BASE_URL}/admin/messages`);
    const rows = page.getByTestId('message-row').filter({ hasText: order.orderNumber });
    await eventually(async () => expect(await rows.count()).toBe(2), { timeout: 20_000 });
    const email = rows.filter({ hasText: 'E-mail' });
    expect(await email.textContent()).toContain('via smtp');
    const sms = await rows.filter({ hasText: 'SMS' }).textContent();
    expect(sms).toContain('not sent: no SMS provider configured');
    expect(sms).not.toContain('via log');
    await email.getByRole('button', { name: 'Show' }).click();
    const text = page.getByTestId('message-text');
    await text.waitFor();
    expect(await text.getAttribute('lang')).toBe('ar');
    expect(bare(await text.textContent())).toContain(`استلمنا طلبك ${order.orderNumber}`);
    await screenshot(page, 'admin-messages');
  });

  test('a confirmation undone within the window sends nothing; the one that stands is sent once', async () => {
    const { page } = admin;
    const confirmations = () => mailOf((m) => bare(m.subject) === `تم تأكيد طلبك ${order.orderNumber}`);
    // In the back-office: Confirm, then Undo before the move is sent.
    await page.goto(`${BASE_URL}/admin/orders/${order.orderNumber}`);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    // On the server: confirmed, and moved back inside the server's hold window.
    // Each move sends the revision the one before answered (the order's page would show it once its read model caught up).
    let revision = (await adminCall(token, 'GET', `/admin/orders/${order.id}`)).body.revision;
    const move = async (status) => {
      const { body } = await adminCall(token, 'PATCH', `/admin/orders/${order.id}/status`, { status, expectedRevision: revision });
      expect(body.status).toBe(status);
      revision = body.revision;
    };
    await move('CONFIRMED');
    await move('PLACED');
    // Then confirmed for good: its e-mail arrives once the window has closed, and it is the only one.
    await move('CONFIRMED');
    await eventually(async () => expect(confirmations().length).toBeGreaterThan(0), { timeout: 60_000, interval: 500 });
    const { body } = await adminCall(token, 'GET', `/admin/messages?orderId=${order.id}`);
    const emailed = body.data.filter((m) => m.kind === 'orderConfirmed' && m.channel === 'email');
    expect(emailed.map((m) => m.status).sort()).toEqual(['canceled', 'sent']);
    expect(confirmations()).toHaveLength(1);
    expect(confirmations()[0].headers['message-id']).toBe(`<${emailed.find((m) => m.status === 'sent').id}@shop.test>`);
    // The page of the order lists its messages too.
    await page.goto(`${BASE_URL}/admin/orders/${order.orderNumber}`);
    const section = page.getByRole('region', { name: 'Messages to the customer' });
    await eventually(async () => expect(await section.getByTestId('message-row').count()).toBe(6), { timeout: 20_000 });
  });
});
