// An order's own page: a live toast for a new order links to it, and it survives a reload; an
// unknown number is a not-found page; undoing DELIVERED asks for the correction and a reason, and
// the audit trail shows both.
import { BASE_URL, adminCall, apiToken, firstPoster, placeOrderAsShopper, shipByApi, useSignedInPage } from './admin-support.mjs';

describe('the order page', () => {
  let page;
  let poster;
  useSignedInPage((p) => (page = p));
  beforeAll(async () => {
    poster = await firstPoster();
  });

  it('a live toast links to the new order, whose page survives a reload', async () => {
    const live = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/live' && r.status() === 200);
    // The newest order as the page opened: the baseline the toast compares with.
    const baseline = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/orders' && new URL(r.url()).searchParams.get('size') === '1');
    await page.goto(`${BASE_URL}/admin`);
    await Promise.all([live, baseline]);

    const placed = await placeOrderAsShopper({ ...poster, firstName: 'Toasty' });
    const toast = page.getByTestId('toast').filter({ hasText: placed.orderNumber });
    // Generous: the toast waits on the projector and the live feed's poll, both slowed by a busy
    // machine; a miss says what was on screen instead (one toast at a time, the newest wins).
    await toast.waitFor({ timeout: 15_000 }).catch(async (error) => {
      const shown = await page.getByTestId('toast').allTextContents();
      throw new Error(`no toast for ${placed.orderNumber}; on screen: ${JSON.stringify(shown)}; ${error.message}`);
    });
    await toast.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL(`${BASE_URL}/admin/orders/${placed.orderNumber}`);
    await page.getByRole('heading', { name: `Order ${placed.orderNumber}` }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: `Order ${placed.orderNumber}` }).waitFor();
    expect(await page.getByText('Toasty Hassan').count()).toBeGreaterThan(0);

    await page.goto(`${BASE_URL}/admin/orders/PS-NOPE-NOPE`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
  });

  it('undoing DELIVERED asks for the correction and a reason, and the audit trail shows them', async () => {
    const placed = await placeOrderAsShopper({ ...poster, firstName: 'Corra' });
    const token = await apiToken();
    await shipByApi(token, placed.orderId);
    await adminCall(token, 'PATCH', `/admin/orders/${placed.orderId}/status`, { status: 'DELIVERED' });

    await page.goto(`${BASE_URL}/admin/orders/${placed.orderNumber}`);
    await page.getByTestId('order-status').filter({ hasText: 'Delivered' }).waitFor();
    // Backward moves are not offered as plain buttons.
    expect(await page.getByRole('button', { name: /Mark refused/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Correct a mistake…' }).click();
    await page.getByLabel('Corrections').getByRole('button', { name: 'Refused' }).click();
    const dialog = page.getByRole('dialog');
    const record = dialog.getByRole('button', { name: 'Record correction' });
    expect(await record.isDisabled()).toBe(true);
    await dialog.getByLabel(/Reason/).fill('courier swapped two parcels');
    await record.click();

    await page.getByTestId('order-status').filter({ hasText: 'Refused' }).waitFor();
    const entry = page.getByTestId('timeline-entry').filter({ has: page.getByTestId('correction') });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Back to refused, undoing delivered');
    expect(await entry.textContent()).toContain('Reason: courier swapped two parcels');
  });
});
