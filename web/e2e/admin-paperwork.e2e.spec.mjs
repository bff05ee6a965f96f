// Paperwork from the back-office: the orders list prints the ticked orders as one PDF, a page
// each; the order page prints its label. PDFs are read back with poppler (pdfinfo, pdftotext).
import { execFileSync } from 'node:child_process';
import { BASE_URL, eventually, firstPoster, placeOrderAsShopper, useSignedInPage } from './admin-support.mjs';

const pdfPages = (file) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString())[1]);
const pdfText = (file) => execFileSync('pdftotext', [file, '-']).toString().replace(/[\u200E\u200F\u202A-\u202E]/gu, '');

describe('paperwork in the back-office', () => {
  let page;
  let poster;
  useSignedInPage((p) => (page = p));
  beforeAll(async () => {
    poster = await firstPoster();
  });

  it('prints three ticked orders as a three-page PDF, and one order\'s label from its page', async () => {
    // One phone for the three, so one search lists exactly them.
    const phone = `010${String(Date.now()).slice(-8)}`;
    const placed = [];
    for (const [firstName, lastName] of [['منى', 'حسن'], ['Karim', 'Farouk'], ['علاء', 'عبد الله']]) placed.push(await placeOrderAsShopper({ ...poster, firstName, lastName, phone }));

    await page.goto(`${BASE_URL}/admin/orders`);
    await eventually(async () => {
      await page.getByLabel('Search').fill('');
      await page.getByLabel('Search').fill(phone);
      await eventually(async () => {
        const rows = await page.getByTestId('order-row').count();
        if (rows !== 3) throw new Error(`the search lists ${rows} orders, not 3`);
      }, { timeout: 3000 });
    });
    for (const { orderNumber } of placed) await page.getByLabel(`Select order ${orderNumber}`).check();
    await page.getByText('3 selected').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print packing slips' }).click()]);
    expect(download.suggestedFilename()).toBe('packing-slips_3.pdf');
    const file = await download.path();
    expect(pdfPages(file)).toBe(3);
    const text = pdfText(file);
    for (const { orderNumber } of placed) expect(text).toContain(orderNumber);
    expect(text).toContain('منى حسن');
    expect(text).toContain('علاء عبد الله');

    await page.goto(`${BASE_URL}/admin/orders/${placed[0].orderNumber}`);
    await page.getByRole('heading', { name: `Order ${placed[0].orderNumber}` }).waitFor();
    const [label] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Label', exact: true }).click()]);
    expect(label.suggestedFilename()).toBe(`label_${placed[0].orderNumber}.pdf`);
    expect(pdfPages(await label.path())).toBe(1);
    expect(execFileSync('pdfinfo', [await label.path()]).toString()).toMatch(/Page size:\s+283\.\d+ x 425\.\d+ pts/);
  }, 120_000);
});
