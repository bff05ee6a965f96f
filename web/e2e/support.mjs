// Shared by the storefront browser specs: Debian Chromium through playwright-core.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { seededBytes } from '../../libs/platform/testing/test-bytes.mjs';
import { embeddedSuperuserUrl } from '../../libs/platform/bin/local-servers.mjs';

export const BASE_URL = () => (process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

/**
 * A fresh browser profile. By default the social popup counts as already seen so it does not
 * cover what a spec clicks; `{ popup: true }` keeps it. `{ bypassCSP: true }` lets a spec inject a
 * script of its own (axe-core), which the shop's Content-Security-Policy refuses otherwise.
 */
export async function openShop({ viewport = DESKTOP, popup = false, locale, bypassCSP = false } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    headless: true,
    viewport,
    baseURL: BASE_URL(),
    bypassCSP,
  });
  await context.addInitScript(
    ({ popup, locale }) => {
      if (!popup) window.localStorage.setItem('social-popup-seen', '1');
      if (locale && !window.localStorage.getItem('locale')) window.localStorage.setItem('locale', locale);
    },
    { popup, locale },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  if (locale === 'ar') arabicPaths(page);
  gotoWaitsForHydration(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  const recoverable = recordRecoverableErrors(context);
  return {
    context,
    page,
    errors,
    /** React's recoverable errors (hydration mismatches) seen so far on any page of this browser. */
    recoverable,
    /** Closes the browser; fails the spec if any page hydrated with a mismatch, unless `expectRecoverable`. */
    async close({ expectRecoverable = false } = {}) {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (!expectRecoverable && recoverable.length) throw new Error(`React recovered from ${recoverable.length} error(s) while hydrating:\n${recoverable.join('\n')}`);
    },
  };
}

/**
 * Runs `use` with a fresh shop browser (openShop's options) and closes it afterwards, whether
 * `use` passed or failed; `expectRecoverable` goes to close().
 */
export async function withShop({ expectRecoverable = false, ...options }, use) {
  const shop = await openShop(options);
  try {
    return await use(shop);
  } finally {
    await shop.close({ expectRecoverable });
  }
}

/**
 * One shop browser (openShop's options) for the tests of the describe block this is called in:
 * opened before them, handed to `receive`, and closed after them.
 */
export function useShop(options, receive) {
  let shop;
  beforeAll(async () => {
    shop = await openShop(options);
    receive(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
}

/**
 * Types a shopper's delivery details into the checkout form: Mona Adel's, with what a spec names
 * in its place; the optional e-mail and notes only when given.
 */
export async function fillCheckoutForm(page, { phone = '0100 123 4567', addressLine = '12 Nile Corniche', city = 'Maadi', governorate, email, notes }) {
  await page.getByLabel('First name').fill('Mona');
  await page.getByLabel('Last name').fill('Adel');
  await page.getByLabel('Phone number').fill(phone);
  if (email !== undefined) await page.getByLabel('E-mail (optional)').fill(email);
  await page.getByLabel('Address line').fill(addressLine);
  await page.getByLabel('Building').fill('4');
  await page.getByLabel('Apartment').fill('7');
  await page.getByLabel('City', { exact: false }).first().fill(city);
  await page.getByLabel('Governorate').selectOption(governorate);
  if (notes !== undefined) await page.getByLabel('Notes', { exact: false }).fill(notes);
}

/**
 * The storefront loads React after the first paint, so a click right after `goto` would otherwise
 * land before hydration: links then navigate natively, buttons are held and replayed. Specs act on
 * the hydrated app; a `goto` with a `waitUntil` of its own (the SSR spec's pre-hydration taps) is
 * left as it is. A page the server did not render (the admin) has nothing to hydrate.
 */
function gotoWaitsForHydration(page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options = {}) => {
    const response = await goto(url, options);
    if (options.waitUntil === undefined) {
      await page.waitForFunction(() => !document.getElementById('server-state') || performance.getEntriesByName('app-hydrated').length > 0);
    }
    return response;
  };
}

// The app logs each of React's recoverable errors with this prefix (web/src/app/recoverable-errors.ts);
// React's own texts cover the rest (production builds name hydration errors by number).
const RECOVERABLE = /^\[recoverable\]|hydrat|did not match|Minified React error #(418|419|421|422|423|425)\b/i;

/**
 * Every hydration in the browser suite is checked: a page whose first client render differs from
 * the server's HTML still works (React renders that part again), so only this record shows it.
 */
function recordRecoverableErrors(context) {
  const seen = [];
  const watch = (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' && RECOVERABLE.test(m.text())) seen.push(`${page.url()}: ${m.text().slice(0, 500)}`);
    });
    page.on('pageerror', (e) => {
      if (RECOVERABLE.test(e.message)) seen.push(`${page.url()}: ${e.message.slice(0, 500)}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return seen;
}

/**
 * Arabic pages have their own URLs (/ar, /ar/shop, …): a spec opened in Arabic writes the English
 * path and visits its Arabic twin, as a shopper following Arabic links would.
 */
function arabicPaths(page) {
  const goto = page.goto.bind(page);
  const storefront = (url) => typeof url === 'string' && url.startsWith('/') && !/^\/(ar|api|admin|login|uploads)(\/|\?|$)/.test(url);
  page.goto = (url, options) => goto(storefront(url) ? `/ar${url === '/' ? '' : url}` : url, options);
}

export async function screenshot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The page must not scroll sideways (responsive down to 360 px). */
export async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** An uncompressed PNG of seeded noise: width x height x 3 bytes and a little more. */
export async function noisePng(width, height, seed = 1) {
  const { default: sharp } = await import('sharp');
  return sharp(seededBytes(width * height * 3, seed), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

export async function smallPng() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 40, height: 40, channels: 3, background: '#1c1917' } }).png().toBuffer();
}

/**
 * The stack's PostgreSQL, for specs that have to make a projection fail for real (a trigger on a
 * read table). E2E_DATABASE_URL wins; otherwise the embedded server under the DATA_DIR the global
 * setup started (its port and generated superuser password, as local-servers.mjs keeps them).
 */
export function stackDatabaseUrl() {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('neither E2E_DATABASE_URL nor E2E_DATA_DIR is set: this spec needs the database of the stack under test');
  return embeddedSuperuserUrl(path.join(dataDir, 'postgres'));
}

/** A connected pg client on the stack's database; the caller ends it. */
export async function stackDatabase() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: stackDatabaseUrl() });
  await client.connect();
  return client;
}

/** GET /api/health as { status, body }: 503 carries the body that says why (its figures with HEALTH_TOKEN). */
export async function health() {
  const token = process.env.HEALTH_TOKEN;
  const res = await fetch(`${BASE_URL()}/api/health`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's serious and critical violations on the page as it is now, one line per rule naming the
 * elements it found ("color-contrast: .a, .b"); moderate and minor findings are not counted. The
 * page must come from openShop({ bypassCSP: true }): axe is injected as a script of the page.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
}
