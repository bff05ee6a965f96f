import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { ADMIN_USERNAME, BASE_URL, eventually, findOrderInList, listedPosters, moveFromList, placeOrderAsShopper, signedInBrowser } from './admin-support.mjs';

const CSV_COLUMNS = 'Order Number,Date (Cairo),Customer Name,Phone,Email,Address,Governorate,Status,Payment Method,Promo Code,Subtotal,Promo Code Discount,Promotions Discount,Shipping,COD Fee,Total,Items,Notes';

describe('admin orders (browser)', () => {
  let browser;
  let page;
  let orderNumber;

  beforeAll(async () => {
    // A seeded poster bought with the storefront's calls (cart with X-Cart-Id, then checkout).
    const [poster] = await listedPosters();
    const variant = poster.variants[0];
    const placed = await eventually(() => placeOrderAsShopper({ posterId: poster.id, variantId: variant.id ?? variant.variantId, size: variant.size, quantity: 2, firstName: 'Timeline' }));
    orderNumber = placed.orderNumber ?? placed.order?.orderNumber;
    expect(orderNumber).toMatch(/^PS-/);

    ({ browser, page } = await signedInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('ships an order from the list and the timeline shows the change with the admin name', async () => {
    await findOrderInList(page, orderNumber);
    const status = page.getByLabel(`Status of ${orderNumber}`);
    expect(await status.inputValue()).toBe('PLACED');

    await page.getByRole('button', { name: orderNumber }).click();
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await timeline.getByText(`Order ${orderNumber} placed`).waitFor();
    expect(await page.getByLabel('Customer information').getByText('Timeline Hassan').isVisible()).toBe(true);

    await moveFromList(page, orderNumber, 'SHIPPED');
    await eventually(async () => expect(await status.inputValue()).toBe('SHIPPED'));

    const change = timeline.getByTestId('timeline-entry').filter({ hasText: 'Marked as shipped' });
    await change.waitFor({ timeout: 10_000 });
    const text = await change.innerText();
    expect(text).toContain(`by ${ADMIN_USERNAME} (owner)`);
    expect(text).toContain('Marked as shipped (was placed)');

    // Read-your-writes: a reload right after the change never shows the old status.
    await page.reload();
    await page.getByLabel('Search').fill(orderNumber);
    expect(await page.getByLabel(`Status of ${orderNumber}`).inputValue()).toBe('SHIPPED');
  });

  it('downloads orders_{date}.csv with the contract columns', async () => {
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByRole('button', { name: orderNumber }).first().waitFor().catch(() => undefined);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe(CSV_COLUMNS);
    expect(rows.some((row) => row.startsWith(orderNumber))).toBe(true);
  });

  it('downloads orders_{date}.xlsx that a real parser opens, the phone with its leading 0', async () => {
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByRole('button', { name: orderNumber }).first().waitFor().catch(() => undefined);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()));
    const sheet = workbook.getWorksheet('Orders');
    const header = sheet.getRow(1).values.slice(1);
    expect(header.join(',')).toBe(CSV_COLUMNS);
    let row;
    sheet.eachRow((r) => {
      if (r.getCell(1).value === orderNumber) row = r;
    });
    const phone = row.getCell(header.indexOf('Phone') + 1);
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.value).toMatch(/^01\d{9}$/);
    expect(row.getCell(header.indexOf('Date (Cairo)') + 1).value).toBeInstanceOf(Date);
    expect(typeof row.getCell(header.indexOf('Total') + 1).value).toBe('number');
  });
});
