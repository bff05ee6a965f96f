import { ADMIN_USERNAME, BASE_URL, eventually, findOrderInList, launchBrowser, listedPosters, moveFromList, placeOrderAsShopper, signIn } from './admin-support.mjs';

// Phones of this spec only, so the risk counts are its own.
const PHONE = '01150000001';
const RACE_PHONE = '01150000002';

/** The call-to-confirm queue in Chromium: confirm, cancel, a refusal at the door and its badge, two admins on one order. */
describe('call-to-confirm queue (browser)', () => {
  const browsers = [];
  let poster;

  async function adminPage() {
    const browser = await launchBrowser();
    browsers.push(browser);
    const page = await browser.context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await signIn(page);
    return page;
  }
  const place = async (phone, firstName) => {
    const variant = poster.variants[0];
    const placed = await eventually(() => placeOrderAsShopper({ posterId: poster.id, variantId: variant.id ?? variant.variantId, size: variant.size, quantity: 1, firstName, phone }));
    return placed.orderNumber ?? placed.order?.orderNumber;
  };
  /** The queue's card of an order, once the queue (reloaded until then) lists it. */
  async function queued(page, orderNumber) {
    const card = page.getByRole('listitem', { name: `Order ${orderNumber}` });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/call-queue`);
      await card.waitFor({ timeout: 3000 });
    });
    return card;
  }

  beforeAll(async () => {
    [poster] = await listedPosters();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
  });

  it('confirms and cancels from the queue; after a refusal at the door the phone\'s next order carries the badge', async () => {
    const page = await adminPage();
    const first = await place(PHONE, 'Queue');
    const second = await place(PHONE, 'Queue');

    const card = await queued(page, first);
    expect(await card.getByRole('link', { name: PHONE }).getAttribute('href')).toBe(`tel:${PHONE}`);
    expect(await card.getByTestId('phone-risk').count()).toBe(0);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Order ${first} confirmed`).waitFor();
    await card.waitFor({ state: 'detached' });

    const other = page.getByRole('listitem', { name: `Order ${second}` });
    await other.getByRole('button', { name: 'Cancel…' }).click();
    await page.getByLabel("Reason (kept in the order's history)").fill('customer changed their mind on the phone');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText(`Order ${second} canceled`).waitFor();
    await other.waitFor({ state: 'detached' });

    // The confirmed order ships and is refused at the door (Orders page: only allowed moves are offered).
    await findOrderInList(page, first);
    const status = page.getByLabel(`Status of ${first}`);
    expect(await status.inputValue()).toBe('CONFIRMED');
    // Named on screen; the values stay the API's codes.
    expect(await status.locator('option').allTextContents()).toEqual(['Confirmed', 'Placed', 'Shipped', 'Canceled']);
    await moveFromList(page, first, 'SHIPPED');
    await moveFromList(page, first, 'REFUSED', { reason: 'not home' });

    // The same number typed another way is the same phone: refused 1 of its 3 orders (risky at the default thresholds).
    const third = await place('+20 115 000 0001', 'Queue');
    const badge = (await queued(page, third)).getByTestId('phone-risk');
    await eventually(async () => {
      await page.reload();
      expect(await badge.innerText({ timeout: 3000 })).toBe('Risky: refused 1 of 3');
    });
    // The Orders page's risky filter lists the phone's orders (searched by the number: other specs share the shop).
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByLabel('Search').fill(PHONE);
    await page.getByLabel('Risky phones only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: third }).waitFor();
    // The search settles after typing stops: the rows narrow to the phone's three.
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(3));
  });

  it('lets only the first of two admins act on an order; the second reads who did', async () => {
    const [one, two] = [await adminPage(), await adminPage()];
    const order = await place(RACE_PHONE, 'Race');
    const [cardOne, cardTwo] = [await queued(one, order), await queued(two, order)];

    // The second admin starts cancelling, then the first confirms.
    await cardTwo.getByRole('button', { name: 'Cancel…' }).click();
    await two.getByLabel("Reason (kept in the order's history)").fill('no answer');
    await cardOne.getByRole('button', { name: 'Confirm' }).click();
    await one.getByText(`Order ${order} confirmed`).waitFor();

    await two.getByRole('button', { name: 'Cancel order' }).click();
    const alert = two.getByRole('alert').filter({ hasText: order });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(`${order} was already confirmed by ${ADMIN_USERNAME}`);
    await cardTwo.waitFor({ state: 'detached' });
  });
});
