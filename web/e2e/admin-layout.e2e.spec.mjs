import { BASE_URL, useSignedInPage } from './admin-support.mjs';

describe('admin sidebar (browser)', () => {
  let page;
  useSignedInPage((signedIn) => (page = signedIn));

  const sidebarLink = (name) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });

  it('shows every link and Logout beside the page on a wide screen', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${BASE_URL}/admin`);
    await sidebarLink('Dashboard').waitFor();
    for (const name of ['Dashboard', 'Posters', 'Products', 'Orders', 'Pricing', 'Discounts', 'Promo Codes', 'Customers', 'Newsletter', 'Announcement', 'Gallery']) {
      expect(await sidebarLink(name).isVisible()).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
  });

  it('collapses into a Menu toggle under 640 px, opens on click and closes after navigating', async () => {
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto(`${BASE_URL}/admin`);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.waitFor();
    expect(await sidebarLink('Orders').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await sidebarLink('Orders').waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(600);

    await sidebarLink('Orders').click();
    await page.waitForURL('**/admin/orders');
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await sidebarLink('Orders').waitFor({ state: 'hidden', timeout: 5000 });
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out from the sidebar', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  });
});
