import { readFileSync } from 'node:fs';
import { BASE_URL, eventually, firstPoster, placeOrderAsShopper, signedInBrowser } from './admin-support.mjs';

/** A phone and name no other spec uses: this one erases them. */
const SHOPPER = { firstName: 'Erasable', lastName: 'Shopper', phone: '01155501234' };
/** Another, whose erasure waits for their order. */
const HELD = { firstName: 'Holdable', lastName: 'Shopper', phone: '01155504321' };

describe('erasing a customer from the back-office (browser)', () => {
  let browser;
  let page;
  let orderNumber;

  beforeAll(async () => {
    const poster = await firstPoster();
    const placed = await eventually(() => placeOrderAsShopper({ ...poster, ...SHOPPER, checkout: { email: 'erasable.shopper@example.com' } }));
    orderNumber = placed.orderNumber ?? placed.order?.orderNumber;
    expect(orderNumber).toMatch(/^PS-/);
    const subscribed = await fetch(`${BASE_URL}/api/public/newsletter`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'erasable.shopper@example.com' }) });
    expect(subscribed.status).toBe(201);
    await eventually(() => placeOrderAsShopper({ ...poster, ...HELD }));
    ({ browser, page } = await signedInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads everything held under the phone as one JSON file', async () => {
    await page.goto(`${BASE_URL}/admin/customers`);
    await page.getByLabel('Phone or e-mail').fill('0115 550 1234');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download personal data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(file.orders.map((o) => [o.orderNumber, o.firstName, o.items.length > 0, o.history[0].type])).toEqual([[orderNumber, 'Erasable', true, 'OrderPlaced']]);
    expect(file.newsletter).toEqual([expect.objectContaining({ subscribed: true, email: 'erasable.shopper@example.com' })]);
    expect(file.erasures).toEqual([]);

    await page.getByLabel('Phone or e-mail').fill('01155500000');
    await page.getByRole('button', { name: 'Download personal data' }).click();
    await page.getByText('The shop holds nothing under that phone').waitFor();
  });

  it('lists what will be erased, asks for the phone and a reason, shows what was deleted, and the customer reads as erased', async () => {
    await page.goto(`${BASE_URL}/admin/customers`);
    const search = page.getByLabel('Search customers');
    await eventually(async () => {
      await search.fill('');
      await search.fill('Erasable');
      await page.getByText('Erasable Shopper').waitFor({ timeout: 2_000 });
      return true;
    });
    await page.getByRole('button', { name: 'Erase personal data of Erasable Shopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    await dialog.getByText(`1 order: ${orderNumber} (Placed)`).waitFor();
    expect(await dialog.innerText()).toContain('1 newsletter address');
    // The order is not finished: the admin chooses to cancel it first.
    expect(await dialog.getByTestId('open-orders').innerText()).toBe(`${orderNumber}: Placed (not shipped yet)`);
    await dialog.getByRole('radio', { name: /Cancel it first/ }).check();

    // A wrong phone is refused, naming the field; nothing is erased.
    await dialog.getByLabel("Type the customer's phone to confirm").fill('01155509999');
    await dialog.getByLabel('Reason').selectOption('SUBJECT_REQUEST');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    expect(await dialog.getByRole('alert').innerText()).toContain('phone');

    // The phone in another form checkout accepts confirms it.
    await dialog.getByLabel("Type the customer's phone to confirm").fill('+20 115 550 1234');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await dialog.getByRole('status').getByText('Personal data erased.').waitFor();
    expect(await dialog.innerText()).toContain('1 order now show "erased"');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await search.fill('');
    await search.fill('Erasable');
    await page.getByText('No customers found').waitFor();
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByLabel('Search').fill(orderNumber);
    await page.getByRole('button', { name: orderNumber }).click();
    const info = page.getByLabel('Customer information');
    await info.getByText('[erased] [erased]').waitFor();
    expect(await info.innerText()).not.toContain('01155501234');
  });

  it('holds the erasure of a customer whose order is open: shown with its legal basis and expected end, nothing erased', async () => {
    await page.goto(`${BASE_URL}/admin/customers`);
    const search = page.getByLabel('Search customers');
    await eventually(async () => {
      await search.fill('');
      await search.fill('Holdable');
      await page.getByText('Holdable Shopper').waitFor({ timeout: 2_000 });
      return true;
    });
    await page.getByRole('button', { name: 'Erase personal data of Holdable Shopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    const open = dialog.getByRole('region', { name: 'Unfinished orders' });
    await open.waitFor();
    expect(await open.getByTestId('open-orders').innerText()).toMatch(/^PS-[A-Z0-9-]+: Placed \(not shipped yet\)$/);
    await dialog.getByLabel("Type the customer's phone to confirm").fill(HELD.phone);
    await dialog.getByLabel('Reason').selectOption('SUBJECT_REQUEST');
    await open.getByRole('radio', { name: /Hold the erasure/ }).check();
    await dialog.getByRole('button', { name: 'Hold the erasure' }).click();
    await dialog.getByRole('status').getByText('Erasure held: nothing was erased yet.').waitFor();
    expect(await dialog.getByTestId('hold-reason').innerText()).toMatch(/^Held under Law 151\/2020 .*contract.*legal obligations/);
    expect(await dialog.getByTestId('hold-end').innerText()).toBe('Expected to run: when the open orders are delivered or back, plus the return window');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Opened again, the dialog shows the hold; the customer is still there, unerased.
    await page.getByRole('button', { name: 'Erase personal data of Holdable Shopper' }).click();
    await dialog.getByRole('region', { name: 'Erasure held' }).getByTestId('hold-reason').waitFor();
    expect(await dialog.getByRole('region', { name: 'Erasure held' }).innerText()).toContain('Law 151/2020');
  });
});
