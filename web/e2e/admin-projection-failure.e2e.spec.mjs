// An admin sees a projection stopped on an event and recovers it without SQL. The failure is
// real: a trigger on the live read table refuses the announcement 'boom' (this test's stand-in
// for a projection bug), so the projector's own retries, checkpoint row, health and admin page
// are what is under test. Dropping the trigger is "the fix"; "Retry now" is the admin's part.
import { expect } from '@jest/globals';
import { apiToken, BASE_URL, eventually, signedInBrowser } from './admin-support.mjs';
import { health, openShop, stackDatabase } from './support.mjs';

const BOOM = 'boom';
const REFUSAL = 'announcement boom refused by the e2e trigger';
// Attempts 1..5 fail after about 1+2+4+8 s of back-off; the sixth is 16 s away, long enough for
// the click to be what brings the projection back rather than the projector's own schedule.
const ATTEMPTS_BEFORE_FIX = 5;

describe('admin: a failed projection, shown and retried (browser)', () => {
  let db;
  let browser;
  let page;
  let shop;
  let token;
  let original;

  const adminApi = async (method, url, body) => {
    const res = await fetch(`${BASE_URL}/api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const announcementStatus = async () => (await adminApi('GET', '/admin/projections')).find((p) => p.name === 'announcement');
  /**
   * What the storefront's banner shows after `load`: the text the public API answers, once on screen.
   * The home page arrives rendered by the server with it; a page rendered in the browser shows a
   * fallback greeting until its query answers, so reading the banner at once proves nothing.
   */
  const shopperAnnouncement = async (load) => {
    await load();
    const res = await fetch(`${BASE_URL}/api/public/announcement`);
    expect(res.status).toBe(200);
    const text = (await res.json()).text.trim();
    await shop.page.waitForFunction((t) => document.querySelector('[data-testid="announcement"]')?.textContent.trim() === t, text, { timeout: 10_000 });
    return text;
  };
  const dropTrigger = async () => {
    // CASCADE takes the trigger with it, on whichever table it ended up (a rebuild swaps tables).
    await db.query('DROP FUNCTION IF EXISTS read.refuse_boom_e2e() CASCADE');
  };

  beforeAll(async () => {
    db = await stackDatabase();
    token = await apiToken();
    ({ browser, page } = await signedInBrowser());
    shop = await openShop();
  });

  afterAll(async () => {
    // Later specs share this stack: whatever happened above, leave no trigger, no failed
    // projection and the announcement as it was.
    try {
      if (db) await dropTrigger();
      if (token) {
        if ((await announcementStatus())?.state === 'failed') await adminApi('POST', '/admin/projections/announcement/retry');
        await eventually(async () => expect((await health()).status).toBe(200), { timeout: 30_000 });
        if (original !== undefined) await adminApi('POST', '/admin/announcement', { text: original });
      }
    } finally {
      await db?.end();
      await browser?.close();
      await shop?.close();
    }
  });

  it('health goes 503 naming it, the projections page shows the event, the error and the attempts, and "Retry now" after the fix brings it back', async () => {
    // Every projection runs before the spec breaks one (another spec's rebuild may still finish).
    await eventually(async () => expect(await health()).toMatchObject({ status: 200, body: { status: 'ok' } }), { timeout: 30_000 });
    original = (await adminApi('GET', '/admin/announcement')).text;
    expect(original).not.toBe(BOOM);
    expect(original.trim()).not.toBe('');
    expect(await shopperAnnouncement(() => shop.page.goto('/'))).toBe(original.trim());

    await dropTrigger();
    await db.query(`CREATE FUNCTION read.refuse_boom_e2e() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.text = '${BOOM}' THEN RAISE EXCEPTION '${REFUSAL}'; END IF; RETURN NEW; END $$`);
    await db.query('CREATE TRIGGER refuse_boom_e2e BEFORE INSERT OR UPDATE ON read.announcements FOR EACH ROW EXECUTE FUNCTION read.refuse_boom_e2e()');

    // The admin changes the announcement the usual way: the event is stored, its projection fails.
    await page.goto(`${BASE_URL}/admin/announcement`);
    const field = page.locator('#announcement-text');
    await page.waitForFunction((text) => document.querySelector('#announcement-text')?.value === text, original);
    await field.fill(BOOM);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Announcement updated successfully').waitFor();

    const down = await eventually(async () => {
      const h = await health();
      expect(h.status).toBe(503);
      return h.body;
    }, { timeout: 30_000 });
    expect(down.status).toBe('degraded');
    expect(down.projections).toMatchObject({ status: 'degraded', failed: ['announcement'] });
    expect(down.degraded).toEqual([
      {
        projection: 'announcement',
        reason: 'failed',
        failure: expect.objectContaining({ eventType: 'AnnouncementChanged', error: expect.stringContaining(REFUSAL), attempts: expect.any(Number) }),
      },
    ]);

    // The read model kept the last text it could store: shoppers see no half-applied change.
    expect(await shopperAnnouncement(() => shop.page.reload())).toBe(original.trim());

    const failed = await eventually(async () => {
      const status = await announcementStatus();
      expect(status.state).toBe('failed');
      expect(status.failure.attempts).toBeGreaterThanOrEqual(ATTEMPTS_BEFORE_FIX);
      return status;
    }, { timeout: 60_000 });
    const nextRetryAt = Date.parse(failed.failure.nextRetryAt);

    await page.goto(`${BASE_URL}/admin/projections`);
    const row = page.getByTestId('projection-row').filter({ has: page.getByText('announcement', { exact: true }) });
    const details = row.getByTestId('projection-failure');
    await details.waitFor();
    expect((await row.locator('td').nth(3).innerText()).trim()).toBe('failed');
    expect(await details.locator('dt:text-is("Event") + dd').innerText()).toBe(`AnnouncementChanged ${failed.failure.eventId}`);
    expect(await details.locator('dt:text-is("Error") + dd').innerText()).toContain(REFUSAL);
    expect(await details.locator('dt:text-is("Position") + dd').innerText()).toBe(failed.failure.position);
    expect(await details.locator('dt:text-is("Attempts") + dd').innerText()).toMatch(new RegExp(`^${failed.failure.attempts}, failing since `));
    // No other projection stopped: one bad event holds back one read model.
    expect(await page.getByTestId('projection-failure').count()).toBe(1);

    await dropTrigger();
    await row.getByRole('button', { name: 'Retry announcement now' }).click();
    await page.getByText('Retry requested').waitFor();

    await eventually(async () => expect((await announcementStatus()).state).toBe('running'), { timeout: 30_000, interval: 100 });
    expect(Date.now()).toBeLessThan(nextRetryAt);
    // The page polls on its own: no reload, the admin watches the row turn.
    await page.waitForFunction(
      () => {
        const row = [...document.querySelectorAll('[data-testid="projection-row"]')].find((r) => r.querySelector('td p')?.textContent === 'announcement');
        return row && !row.querySelector('[data-testid="projection-failure"]') && row.querySelectorAll('td')[3]?.textContent?.trim() === 'running';
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await row.getByRole('button', { name: 'Retry announcement now' }).count()).toBe(0);

    const back = await eventually(async () => {
      const h = await health();
      expect(h.status).toBe(200);
      return h.body;
    }, { timeout: 30_000 });
    expect(back).toMatchObject({ status: 'ok', projections: { failed: [] } });
    expect(back.degraded).toBeUndefined();

    // The event it stopped on was applied, not skipped: the shopper now reads 'boom'.
    await eventually(async () => expect(await shopperAnnouncement(() => shop.page.reload())).toBe(BOOM), { timeout: 20_000, interval: 500 });
    expect(shop.errors).toEqual([]);
  });
});
