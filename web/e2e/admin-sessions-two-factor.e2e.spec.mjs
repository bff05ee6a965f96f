import { generate } from 'otplib';
import { adminCall, apiToken, BASE_URL, browserPool, signIn } from './admin-support.mjs';

const AGENT = 'e2e.sessions.agent';
const AGENT_ONE_TIME = 'one-time-sessions-1';
const AGENT_CHOSEN = 'sessions-agent-chose-1';
// An owner of this spec's own: turning the second factor on for the first owner would ask every
// other spec for a code.
const OWNER = 'e2e.second.owner';
const OWNER_ONE_TIME = 'one-time-owner-2fa';
const OWNER_CHOSEN = 'owner-chose-2fa-pass';

/** What an authenticator app shows `offsetSteps` 30-second steps from now (otplib, RFC 6238). */
function appCode(secret, offsetSteps = 0) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** Six digits no app shows within two steps of now: a wrong code that is never a lucky one. */
async function wrongCode(secret) {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => appCode(secret, s))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** Sessions the owner controls, and two-factor sign-in, in Chromium against the real API. */
describe('sessions and two-factor sign-in (browser)', () => {
  const browsers = browserPool();
  const freshPage = () => browsers.newPage();
  afterAll(() => browsers.closeAll());

  async function signInFirstTime(page, username, oneTime, chosen) {
    await page.goto(`${BASE_URL}/login`);
    await signIn(page, { username, password: oneTime });
    await page.waitForURL(`${BASE_URL}/admin/password`);
    await page.getByLabel('Current password').fill(oneTime);
    await page.getByLabel('New password').fill(chosen);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname !== '/admin/password');
  }

  it('the owner sees the agent\'s session and ends it; the agent\'s next request lands on the login page', async () => {
    await adminCall(await apiToken(), 'POST', '/admin/staff', { username: AGENT, role: 'agent', password: AGENT_ONE_TIME });
    const agent = await freshPage();
    await signInFirstTime(agent, AGENT, AGENT_ONE_TIME, AGENT_CHOSEN);
    await agent.waitForURL(`${BASE_URL}/admin/orders`);

    // The agent sees their own session, this one.
    await agent.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Sessions' }).click();
    const own = agent.getByRole('region', { name: 'Your sessions' });
    await own.getByText('this session').waitFor();
    expect(await own.getByText('Chrome on Linux').count()).toBe(1);
    expect(await agent.getByRole('region', { name: "Everyone's sessions" }).count()).toBe(0);

    const owner = await freshPage();
    await owner.goto(`${BASE_URL}/login`);
    await signIn(owner);
    await owner.goto(`${BASE_URL}/admin/sessions`);
    const everyone = owner.getByRole('region', { name: "Everyone's sessions" });
    const agentRow = everyone.locator(`tr[data-member="${AGENT}"]`);
    await agentRow.waitFor();
    expect(await agentRow.count()).toBe(1);
    await agentRow.getByRole('cell', { name: 'Chrome on Linux', exact: true }).waitFor();
    await agentRow.getByRole('button', { name: 'End session' }).click();
    await owner.getByText(`Session of ${AGENT} on Chrome on Linux ended`).waitFor();
    await agentRow.waitFor({ state: 'detached' });

    // The agent's next request answers 401: the back-office sends them to sign in again.
    await agent.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Call Queue' }).click();
    await agent.waitForURL((url) => url.pathname === '/login');
    await agent.getByRole('button', { name: 'Sign in' }).waitFor();
    // The owner's own session goes on.
    await owner.reload();
    await owner.getByRole('region', { name: 'Your sessions' }).getByText('this session').waitFor();
  });

  it('the owner turns on two-factor sign-in and signs in with a code computed in the test', async () => {
    await adminCall(await apiToken(), 'POST', '/admin/staff', { username: OWNER, role: 'owner', password: OWNER_ONE_TIME });
    const page = await freshPage();
    await signInFirstTime(page, OWNER, OWNER_ONE_TIME, OWNER_CHOSEN);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Two-Factor Sign-In' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('alert').getByText('That code is wrong').waitFor();
    await page.getByLabel('Code from the app').fill(await appCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // A new browser: the password, then the code.
    const again = await freshPage();
    await again.goto(`${BASE_URL}/login`);
    await again.getByLabel('Username').fill(OWNER);
    await again.getByLabel('Password').fill(OWNER_CHOSEN);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await again.getByLabel('Authentication code').fill('12345');
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('alert').getByText('Code must be the 6 digits').waitFor();
    await again.getByLabel('Authentication code').fill(await wrongCode(secret));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('alert').getByText('That code is wrong or was already used').waitFor();
    // The next step's code: set-up spent this step's, and the server accepts one step either side.
    await again.getByLabel('Authentication code').fill(await appCode(secret, 1));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL((url) => url.pathname.startsWith('/admin'));
    await again.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff', exact: true }).waitFor();
  });
});
