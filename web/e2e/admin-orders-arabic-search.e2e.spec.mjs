// The admin finds an order by the phone however it is typed: in Arabic-Indic digits from an Arabic
// keyboard, with +20, or as checkout stored it.
import { BASE_URL, eventually, firstPoster, placeOrderAsShopper, signedInBrowser } from './admin-support.mjs';

const arabicDigits = (text) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe('admin order search by phone (browser)', () => {
  let browser;
  let page;
  let orderNumber;
  // This run's own number, so no other spec's order answers the search.
  const phone = `011${String(Date.now() % 100_000_000).padStart(8, '0')}`;

  beforeAll(async () => {
    const placed = await eventually(async () => placeOrderAsShopper({ ...(await firstPoster()), quantity: 2, firstName: 'Phone', phone }));
    orderNumber = placed.orderNumber ?? placed.order?.orderNumber;
    expect(orderNumber).toMatch(/^PS-/);
    ({ browser, page } = await signedInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['in Arabic-Indic digits', () => arabicDigits(phone)],
    ['with +20 and spaces', () => `+20 ${phone.slice(1, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`],
    ['as stored', () => phone],
  ])('finds the order by the phone typed %s', async (_how, typed) => {
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByLabel('Search').fill(typed());
    // Only this order answers (the list may show an order in more than one place). The unfiltered
    // list shows it too, newest first, so wait for the list to be the search's, not for the order.
    await eventually(async () => {
      const listed = await page.getByRole('button', { name: /^PS-/ }).allTextContents();
      expect([...new Set(listed.map((t) => t.trim()))]).toEqual([orderNumber]);
    });
  });
});
