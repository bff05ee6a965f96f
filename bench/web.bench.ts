/**
 * Lighthouse (npm `lighthouse`, default mobile profile) on the storefront's pages, in English and
 * Arabic: home, shop, one poster and custom. Each page runs BENCH_RUNS times (default 3) and prints
 * one JSON line with the median of each category score (0-100), LCP, CLS and TBT:
 *   {"bench":"web","page":"poster","lang":"ar","url":…,"runs":3,"performance":…,"accessibility":…,
 *    "bestPractices":…,"seo":…,"lcpMs":…,"cls":…,"tbtMs":…,"fcpMs":…,"jsBeforeFirstPaintKB":…,
 *    "slowPhone":{"tapsHeldFromMs":…,"fcpMs":…,"hydratedMs":…}}
 * jsBeforeFirstPaintKB: JavaScript requested before the observed first paint (target: none but the
 * ~2 KB entry). slowPhone: one run in Chromium throttled as Lighthouse simulates a phone: when the
 * entry starts holding taps (before that a tap on a button is lost), first paint, hydration done.
 * Targets: performance ≥ 95, accessibility, best practices and SEO 100, LCP ≤ 2,000 ms,
 * CLS ≤ 0.05, TBT ≤ 150 ms. Without BENCH_URL this starts the shop as `npm start` does (throwaway
 * data directory, demo catalogue) and stops it at the end. Chromium: CHROME_PATH (default
 * /usr/bin/chromium). Lighthouse's timings are simulated (a slow phone on a slow network) from
 * the page's real trace, so a loaded machine moves TBT and LCP more than the scores' other parts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startShopProcesses, type ShopProcesses } from './lib/shop-processes.js';
import { ensureToolInstalled } from './lib/tool-folder.js';
import { round } from './lib/stats.js';

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIGHTHOUSE_DIR = path.resolve('bench/lighthouse');
const log = (msg: string) => process.stderr.write(`[bench:web] ${msg}\n`);

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
}

/** Gzipped KB of JavaScript whose request started before the page's first paint, as observed in the run's trace. */
function scriptBeforeFirstPaintKB(report: LighthouseReport): number {
  const observed = report.audits.metrics?.details?.items?.[0] as { observedFirstContentfulPaint?: number; observedNavigationStart?: number } | undefined;
  const fcp = observed?.observedFirstContentfulPaint ?? 0;
  const requests = (report.audits['network-requests']?.details?.items ?? []) as Array<{ resourceType?: string; networkRequestTime?: number; transferSize?: number }>;
  const bytes = requests
    .filter((r) => r.resourceType === 'Script' && (r.networkRequestTime ?? Infinity) < fcp)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return round(bytes / 1024, 1);
}

/**
 * The page as a slow phone gets it (Lighthouse's mobile settings: 150 ms round trips, 1.6 Mbit/s
 * down, 750 kbit/s up, a CPU 4 times slower), in Chromium driven directly: when the entry runs
 * (from then on taps are held and replayed; before it, a tap on a button is lost), the first paint,
 * and when the page has hydrated.
 */
async function slowPhoneTimings(url: string): Promise<{ tapsHeldFromMs: number; fcpMs: number; hydratedMs: number }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    await page.addInitScript("window.localStorage.setItem('social-popup-seen', '1')");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('app-hydrated').length > 0, undefined, { timeout: 60_000 });
    return await page.evaluate(() => {
      const at = (name: string) => Math.round(performance.getEntriesByName(name)[0]?.startTime ?? NaN);
      return { tapsHeldFromMs: at('early-input-held'), fcpMs: at('first-contentful-paint'), hydratedMs: at('app-hydrated') };
    });
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One Lighthouse run. Chromium sometimes loses a run's trace (Lighthouse's NO_NAVSTART, "please run
 * Lighthouse again"): such a run is retried, twice at most, and says so on stderr.
 */
function lighthouse(url: string, outDir: string, run: number): LighthouseReport {
  const out = path.join(outDir, `report-${run}.json`);
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync(
      path.join(LIGHTHOUSE_DIR, 'node_modules/.bin/lighthouse'),
      [url, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${CHROME_FLAGS}`, '--only-categories=performance,accessibility,best-practices,seo'],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
    );
    if (r.status === 0) return JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
    if (attempt === 3) throw new Error(`lighthouse exited ${r.status} on ${url}, three times`);
    log(`lighthouse exited ${r.status} on ${url}: running it again`);
  }
}

async function main(): Promise<void> {
  ensureToolInstalled(LIGHTHOUSE_DIR, 'Lighthouse', log);
  let shop: ShopProcesses | undefined;
  const base = process.env.BENCH_URL?.replace(/\/$/, '') ?? (shop = await startShopProcesses(log)).url;
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  try {
    // One poster the demo catalogue (or the shop at BENCH_URL) sells; waits for the seed's projection.
    let posterId: string | undefined;
    for (let i = 0; i < 120 && !posterId; i++) {
      const page = (await (await fetch(`${base}/api/public/posters?limit=1`)).json()) as { posters?: Array<{ id: string }> };
      posterId = page.posters?.[0]?.id;
      if (!posterId) await new Promise((r) => setTimeout(r, 500));
    }
    if (!posterId) throw new Error('the shop sells no poster to measure');
    const pages = [
      { page: 'home', path: '/' },
      { page: 'shop', path: '/shop' },
      { page: 'poster', path: `/posters/${posterId}` },
      { page: 'custom', path: '/custom' },
    ];
    for (const lang of ['en', 'ar'] as const) {
      for (const p of pages) {
        const url = `${base}${lang === 'ar' ? (p.path === '/' ? '/ar' : `/ar${p.path}`) : p.path}`;
        const reports = Array.from({ length: RUNS }, (_, run) => lighthouse(url, outDir, run));
        const score = (key: string) => median(reports.map((r) => Math.round((r.categories[key]?.score ?? 0) * 100)));
        const audit = (key: string) => median(reports.map((r) => r.audits[key]?.numericValue ?? NaN));
        const slowPhone = await slowPhoneTimings(url);
        console.log(
          JSON.stringify({
            bench: 'web',
            page: p.page,
            lang,
            url,
            runs: RUNS,
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            lcpMs: Math.round(audit('largest-contentful-paint')),
            cls: round(audit('cumulative-layout-shift'), 3),
            tbtMs: Math.round(audit('total-blocking-time')),
            fcpMs: Math.round(audit('first-contentful-paint')),
            jsBeforeFirstPaintKB: median(reports.map(scriptBeforeFirstPaintKB)),
            slowPhone,
          }),
        );
      }
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await shop?.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
