import { BASE_URL, eventually, firstPoster, browserPool, placeOrderAsShopper, signIn } from './admin-support.mjs';

const AGENT = 'e2e.agent';
const ONE_TIME = 'one-time-e2e-1';
const CHOSEN = 'agent-chose-this-1';
// A phone of this spec only, so its queue card is its own.
const PHONE = '01150000091';

/** Staff and roles in Chromium: the owner creates an agent, who changes the one-time password, confirms from the queue, and cannot open exports or prices. */
describe('staff accounts and roles (browser)', () => {
  const browsers = browserPool();
  const freshPage = () => browsers.newPage();
  afterAll(() => browsers.closeAll());

  it('owner creates an agent; the agent changes the one-time password, confirms an order from the queue, and is kept from exports and prices', async () => {
    const owner = await freshPage();
    await owner.goto(`${BASE_URL}/login`);
    await signIn(owner);
    await owner.goto(`${BASE_URL}/admin/staff`);
    await owner.getByLabel('Username').fill(AGENT);
    await owner.getByLabel('Role', { exact: true }).selectOption('agent');
    await owner.getByLabel('One-time password').fill(ONE_TIME);
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.getByText(`Created ${AGENT}`).waitFor();
    await owner.getByRole('cell', { name: AGENT, exact: true }).waitFor();

    const agent = await freshPage();
    await agent.goto(`${BASE_URL}/login`);
    await signIn(agent, { username: AGENT, password: ONE_TIME });
    await agent.waitForURL(`${BASE_URL}/admin/password`);
    await agent.getByLabel('Current password').fill(ONE_TIME);
    await agent.getByLabel('New password').fill(ONE_TIME);
    await agent.getByRole('button', { name: 'Change password' }).click();
    await agent.getByText('New password must differ from the current one').waitFor();
    await agent.getByLabel('New password').fill(CHOSEN);
    await agent.getByRole('button', { name: 'Change password' }).click();
    await agent.waitForURL(`${BASE_URL}/admin/orders`);

    const nav = agent.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Orders', 'Call Queue', 'Messages', 'Change Password', 'Two-Factor Sign-In', 'Sessions']);
    expect(await agent.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

    // The queue: the agent confirms a fresh order.
    const poster = await firstPoster();
    const placed = await eventually(() => placeOrderAsShopper({ ...poster, quantity: 1, firstName: 'Roles', phone: PHONE }));
    const orderNumber = placed.orderNumber ?? placed.order?.orderNumber;
    const card = agent.getByRole('listitem', { name: `Order ${orderNumber}` });
    await eventually(async () => {
      await agent.goto(`${BASE_URL}/admin/call-queue`);
      await card.waitFor({ timeout: 3000 });
    });
    await card.getByRole('button', { name: 'Confirm' }).click();
    await agent.getByText(`Order ${orderNumber} confirmed`).waitFor();

    for (const forbidden of ['/admin/jobs', '/admin/pricing', '/admin/customers']) {
      await agent.goto(`${BASE_URL}${forbidden}`);
      await agent.getByRole('heading', { name: 'Your role cannot open this page' }).waitFor();
    }
    await agent.getByRole('link', { name: 'Back to Orders' }).click();
    await agent.waitForURL(`${BASE_URL}/admin/orders`);

    // The owner's staff list shows the agent on a chosen password now.
    await eventually(async () => {
      await owner.reload();
      await owner.getByRole('row').filter({ hasText: AGENT }).getByRole('cell', { name: 'Active', exact: true }).waitFor({ timeout: 3000 });
    });
  });
});
