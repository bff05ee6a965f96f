// An order's history as staff read it: each event a sentence, never the trail's raw keys
// ("trackingNumber:", "returned: 240", "itemCount: 1") or status codes ("SHIPPED").
import { BASE_URL, apiToken, deliveredOrder, firstPoster, useSignedInPage } from './admin-support.mjs';

describe("an order's history (browser)", () => {
  let page;
  useSignedInPage((p) => (page = p));

  it('says a shipment, a delivery and a return in sentences', async () => {
    const token = await apiToken();
    const { placed, order } = await deliveredOrder(token, { ...(await firstPoster()), firstName: 'Salma', quantity: 2, trackingNumber: 'SALMA-1' });
    const [line] = order.items;

    await page.goto(`${BASE_URL}/admin/orders/${placed.orderNumber}`);
    await page.getByRole('button', { name: 'Return goods…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(`Returned quantity of ${line.name}`).fill('1');
    await dialog.getByLabel(/Reason/).fill('frame glass broken');
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await page.getByText('Return recorded').waitFor();

    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await timeline.getByText(/^Returned 1 item; LE [\d,.]+ handed back\. Reason: frame glass broken$/).waitFor({ timeout: 15_000 });
    const says = await timeline.getByTestId('timeline-says').allInnerTexts();
    expect(says[0]).toMatch(new RegExp(`^Order ${placed.orderNumber} placed with 2 items for LE [\\d,]+\\.\\d\\d, cash on delivery$`));
    expect(says.find((s) => s.startsWith('Marked as shipped'))).toMatch(/^Marked as shipped \(was placed\); handed to .+, tracking number SALMA-1$/);
    expect(says).toContain('Marked as delivered (was shipped)');
    const all = (await timeline.innerText()).replace(/\s+/g, ' ');
    expect(all).not.toMatch(/trackingNumber|itemCount|returned:|status:|SHIPPED|DELIVERED|PLACED/);
  });
});
