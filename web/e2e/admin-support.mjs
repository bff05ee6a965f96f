// Shared by the admin browser specs (web/e2e/admin*.e2e.spec.mjs): Debian Chromium through
// playwright-core against the stack the e2e harness started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.E2E_BASE_URL ?? process.env.BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
export const ADMIN_USERNAME = process.env.ADMIN_USERNAME ?? 'admin';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'e2e-admin-password';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A fresh Chromium with its own profile directory; close() removes it. */
/** Browsers a spec opens one per person (owner, agent…), each with its own cookies; closed together after the spec. */
export function browserPool() {
  const browsers = [];
  return {
    async newPage() {
      const browser = await launchBrowser();
      browsers.push(browser);
      return browser.context.newPage();
    },
    async closeAll() {
      for (const b of browsers) await b.close();
    },
  };
}

export async function launchBrowser() {
  const profile = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    baseURL: BASE_URL,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login page and waits for the redirect away from /login. */
export async function signIn(page, { username = ADMIN_USERNAME, password = ADMIN_PASSWORD } = {}) {
  if (!page.url().includes('/login')) await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** A fresh browser with one page already signed in as the admin: the usual start of a spec. */
export async function signedInBrowser() {
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${BASE_URL}/login`);
  await signIn(page);
  return { browser, page };
}

/**
 * One signed-in browser for the tests of the describe block this is called in: opened before
 * them, its page handed to `receive`, and closed after them.
 */
export function useSignedInPage(receive) {
  let browser;
  beforeAll(async () => {
    const signedIn = await signedInBrowser();
    browser = signedIn.browser;
    receive(signedIn.page);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** An admin token straight from the API, for setting up data without clicking. */
export async function apiToken() {
  const res = await fetch(`${BASE_URL}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** A token-shaped string whose claims say what the test needs (the signature is not valid). */
export function fakeToken(claims) {
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${Buffer.from('not-a-signature').toString('base64url')}`;
}

/** Retries an assertion-style async check until it passes (projections are eventually consistent). */
export async function eventually(check, { timeout = 15_000, interval = 250 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

/** A real PNG the API's image intake accepts (content-sniffed and decoded by sharp). */
export async function posterPng() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 300, height: 400, channels: 3, background: '#f59e0b' } }).png().toBuffer();
}

/**
 * Places an order the way the storefront does: cart calls with X-Cart-Id, then checkout.
 * `promoCode` is applied to the cart first; `checkout` adds fields (email, notes) to the checkout.
 */
export async function placeOrderAsShopper({ posterId, variantId, size, quantity = 2, firstName = 'Mona', lastName = 'Hassan', phone = '01012345678', promoCode, checkout = {} }) {
  const call = async (method, url, body, cartId) => {
    const res = await fetch(`${BASE_URL}/api${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(cartId ? { 'X-Cart-Id': cartId } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const added = await call('POST', '/user/cart', { posterId, variantId, size, quantity });
  const cartId = added.cartId;
  if (promoCode) await call('POST', `/user/cart/promocode/apply?code=${encodeURIComponent(promoCode)}`, undefined, cartId);
  const placed = await call(
    'POST',
    '/user/cart/checkout',
    {
      firstName,
      lastName,
      phone,
      addressLine: '12 Tahrir Street',
      building: '4',
      apartment: '7',
      city: 'Cairo',
      governorate: 'CAIRO',
      latitude: 30.0444,
      longitude: 31.2357,
      paymentMethod: 'COD',
      ...checkout,
    },
    cartId,
  );
  return placed;
}

/**
 * The posters of a page of the storefront's listing (`query`), each as its own page answers it,
 * sizes included: the listing answers cards, as a shopper browsing sees them.
 */
export async function listedPosters(query = 'page=1&limit=1') {
  const read = async (url) => {
    const res = await fetch(`${BASE_URL}/api/public/${url}`);
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { posters } = await read(`posters?${query}`);
  return Promise.all(posters.map((card) => read(`posters/${encodeURIComponent(card.id)}`)));
}

/** The first poster the storefront lists and its first variant (what a shopper would pick), as placeOrderAsShopper takes them. */
export async function firstPoster() {
  const [poster] = await listedPosters();
  const variant = poster.variants[0];
  return { posterId: poster.id, variantId: variant.id ?? variant.variantId, size: variant.size };
}

/** An admin API call with `token`; answers the parsed body and the response (for its headers). */
export async function adminCall(token, method, url, body) {
  const res = await fetch(`${BASE_URL}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, response: res };
}

/**
 * Opens the Orders page searched for this order, again until the orders projection lists it. The
 * unfiltered list shows a new order too (newest first): it waits for the search's own list, one
 * row, so a change made next is not overwritten by the search's answer arriving after it.
 */
export async function findOrderInList(page, orderNumber) {
  await eventually(async () => {
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByLabel('Search').fill(orderNumber);
    await page.getByRole('button', { name: orderNumber }).waitFor({ timeout: 3000 });
    await eventually(
      async () => {
        const rows = await page.getByTestId('order-row').count();
        if (rows !== 1) throw new Error(`the search lists ${rows} orders, not 1`);
      },
      { timeout: 3000 },
    );
  });
}

const E2E_COURIER = 'E2E Courier';

/**
 * The shop's courier for browser tests, added once. The specs share one shop, and once it has a
 * courier every ship move must name one and a tracking number: a spec that ships adds it first, so
 * what it meets does not depend on which spec ran before.
 */
export async function e2eCourier(token) {
  const { body: couriers } = await adminCall(token, 'GET', '/admin/couriers');
  const known = couriers.find((c) => c.name === E2E_COURIER);
  if (known) return known;
  return (await adminCall(token, 'POST', '/admin/couriers', { name: E2E_COURIER, trackingUrlTemplate: null }).catch(async () => {
    // Another spec added it meanwhile.
    const { body: again } = await adminCall(token, 'GET', '/admin/couriers');
    return { body: again.find((c) => c.name === E2E_COURIER) };
  })).body;
}

/** Ships an order by the API as the back office does: with the shop's courier and a tracking number. */
export async function shipByApi(token, orderId, trackingNumber = `E2E-${orderId.slice(0, 8)}`) {
  const courier = await e2eCourier(token);
  return adminCall(token, 'POST', `/admin/orders/${orderId}/status-changes`, { status: 'SHIPPED', courierId: courier.id, trackingNumber });
}

/** An order placed by a shopper, shipped with the courier and delivered, once the admin API reads it delivered. */
export async function deliveredOrder(token, shopper) {
  const placed = await placeOrderAsShopper(shopper);
  await shipByApi(token, placed.orderId, shopper.trackingNumber);
  await adminCall(token, 'PATCH', `/admin/orders/${placed.orderId}/status`, { status: 'DELIVERED' });
  const order = await eventually(async () => {
    const { body } = await adminCall(token, 'GET', `/admin/orders/${placed.orderId}`);
    if (body.status !== 'DELIVERED') throw new Error(`still ${body.status}`);
    return body;
  });
  return { placed, order };
}

/**
 * Picks a status in the Orders list's dropdown and answers the dialog it opens, as on the order
 * page: shipping names the courier and a tracking number; cancel, refuse and corrections a reason.
 * A move that asks nothing waits out its undo window. Resolves when the server has answered.
 */
export async function moveFromList(page, orderNumber, status, { reason = 'e2e: as asked', trackingNumber = `E2E-${Date.now().toString(36)}` } = {}) {
  await page.getByLabel(`Status of ${orderNumber}`).selectOption(status);
  const dialog = page.getByRole('dialog');
  await dialog.or(page.getByRole('status').filter({ hasText: 'Moving to' })).first().waitFor();
  if (await dialog.isVisible()) {
    if (await dialog.getByLabel('Tracking number').count()) await dialog.getByLabel('Tracking number').fill(trackingNumber);
    else await dialog.getByLabel("Reason (kept in the order's history)").fill(reason);
    await dialog.getByRole('button').last().click();
  }
  await page.getByText(`Order ${orderNumber} marked as `, { exact: false }).waitFor();
}
