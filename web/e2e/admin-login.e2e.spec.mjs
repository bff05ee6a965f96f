import { BASE_URL, launchBrowser, fakeToken, signIn } from './admin-support.mjs';

describe('admin login and session (browser)', () => {
  let browser;
  let page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await browser.context.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  it('says "Invalid username or password" once for a wrong password and stays on /login', async () => {
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Username').fill(process.env.ADMIN_USERNAME ?? 'admin');
    await page.getByLabel('Password').fill('definitely-not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    // Said once: the Error toast, not also an inline alert beside it.
    expect(await page.getByText('Invalid username or password').count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  });

  it('sends a signed-out admin to /login and back to the page they came from after signing in', async () => {
    await page.goto(`${BASE_URL}/admin/discounts`);
    await page.waitForURL('**/login');
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/admin/discounts');
    await page.getByRole('heading', { name: 'Discounts' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toMatch(/^ey/);
  });

  it('sends an admin with an expired token to /login, keeping the origin', async () => {
    await page.goto(`${BASE_URL}/login`);
    const expired = fakeToken({ sub: 'admin', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) - 60 });
    await page.evaluate((t) => localStorage.setItem('auth-token', t), expired);
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/admin/orders');
  });

  it('sends an admin whose token the server refuses (401) to /login', async () => {
    await page.goto(`${BASE_URL}/login`);
    // Not expired by its claims, but not signed by the server: the first admin call answers 401.
    const forged = fakeToken({ sub: 'admin', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 600 });
    await page.evaluate((t) => localStorage.setItem('auth-token', t), forged);
    await page.goto(`${BASE_URL}/admin/customers`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  });
});
