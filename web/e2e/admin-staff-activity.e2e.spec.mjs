import { adminCall, apiToken, BASE_URL, eventually, firstPoster, browserPool, placeOrderAsShopper, signIn } from './admin-support.mjs';

const AGENT = 'activity.agent';
const ONE_TIME = 'one-time-activity-1';
const CHOSEN = 'activity-chose-this-1';
// A phone of this spec only, so its queue card is its own.
const PHONE = '01150000092';

/** The audit in Chromium: an agent confirms an order; the owner's Staff activity and the order's trail name the agent and the role. */
describe('staff activity and the order trail (browser)', () => {
  const browsers = browserPool();
  const freshPage = () => browsers.newPage();
  afterAll(() => browsers.closeAll());

  it("an agent confirms an order; the owner's Staff activity filtered to the agent shows it with the role, and the order's trail names them", async () => {
    // The account is set up through the API: the staff page's own flow has its spec (admin-staff-roles).
    const ownerToken = await apiToken();
    await adminCall(ownerToken, 'POST', '/admin/staff', { username: AGENT, role: 'agent', password: ONE_TIME });
    const login = await fetch(`${BASE_URL}/api/admin/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: AGENT, password: ONE_TIME }) });
    expect(login.status).toBe(200);
    await adminCall((await login.json()).token, 'POST', '/admin/auth/password', { currentPassword: ONE_TIME, newPassword: CHOSEN });

    const poster = await firstPoster();
    const placed = await eventually(() => placeOrderAsShopper({ ...poster, quantity: 1, firstName: 'Activity', phone: PHONE }));
    const orderNumber = placed.orderNumber ?? placed.order?.orderNumber;

    const agent = await freshPage();
    await agent.goto(`${BASE_URL}/login`);
    await signIn(agent, { username: AGENT, password: CHOSEN });
    const card = agent.getByRole('listitem', { name: `Order ${orderNumber}` });
    await eventually(async () => {
      await agent.goto(`${BASE_URL}/admin/call-queue`);
      await card.waitFor({ timeout: 3000 });
    });
    await card.getByRole('button', { name: 'Confirm' }).click();
    await agent.getByText(`Order ${orderNumber} confirmed`).waitFor();
    // Not the agent's page: neither in the navigation nor by a deep link.
    expect(await agent.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff Activity' }).count()).toBe(0);
    await agent.goto(`${BASE_URL}/admin/staff-activity`);
    await agent.getByRole('heading', { name: 'Your role cannot open this page' }).waitFor();

    const owner = await freshPage();
    await owner.goto(`${BASE_URL}/login`);
    await signIn(owner);
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff Activity' }).click();
    await owner.getByRole('heading', { name: 'Staff Activity' }).waitFor();
    const confirmed = owner.getByTestId('activity-row').filter({ hasText: 'Status PLACED → CONFIRMED' }).filter({ hasText: orderNumber });
    await eventually(async () => {
      await owner.reload();
      await owner.getByLabel('Staff member').selectOption(AGENT);
      await confirmed.waitFor({ timeout: 3000 });
    });
    expect(await confirmed.innerText()).toContain(`${AGENT} (agent)`);
    // Filtered to the agent: once the filtered page replaced everyone's (which lists the row too), nothing the owner did is listed.
    await eventually(async () => {
      const rows = await owner.getByTestId('activity-row').allInnerTexts();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.filter((text) => !text.includes(`${AGENT} (agent)`))).toEqual([]);
    });

    await confirmed.getByRole('link', { name: orderNumber }).click();
    await owner.waitForURL(`${BASE_URL}/admin/orders/${orderNumber}`);
    const change = owner.getByRole('list', { name: 'Order timeline' }).getByTestId('timeline-entry').filter({ hasText: 'Marked as confirmed' });
    await change.waitFor();
    const text = await change.innerText();
    expect(text).toContain(`by ${AGENT} (agent)`);
    expect(text).toContain('Marked as confirmed (was placed)');
  });
});
