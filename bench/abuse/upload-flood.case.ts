/**
 * Issue 24's upload flood: 100 parallel uploads of a 10 MB JPEG from 20 loopback addresses (so
 * per-client budgets, where they exist, do not hide the cost), against the shop as `npm start`
 * runs it. Measures the API's RSS (peak during the flood, and 60 s after it), the public poster
 * listing's p99 while it lasts, and what the uploads folder kept.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Agent, FormData, request } from 'undici';
import { seededRandom } from '../lib/seeded-random.js';
import { startShopProcesses, rssMb } from '../lib/shop-processes.js';
import { percentile, round } from '../lib/stats.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';
import { UNBOUNDED_BUDGETS } from '#platform/testing/unbounded-budgets.js';

const UPLOADS = 100;
const ADDRESSES = 20;
const SETTLE_MS = 60_000;

/** A noise JPEG of about 10 MB (noise does not compress), the same bytes on every run. */
async function tenMegabyteJpeg(): Promise<Buffer> {
  const [width, height] = [4200, 3200];
  const random = seededRandom(24);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE(Math.floor(random.next() * 2 ** 32), Math.min(i, pixels.length - 4));
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function folderBytes(dir: string): Promise<number> {
  let sum = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile()) sum += (await stat(path.join(entry.parentPath, entry.name)).catch(() => undefined))?.size ?? 0;
  }
  return sum;
}

const mb = (bytes: number) => round(bytes / 1048576, 1);

export const abuseCase: AbuseCase = {
  name: 'upload-flood',
  describe: `${UPLOADS} parallel 10 MB JPEG uploads from ${ADDRESSES} loopback addresses: API RSS peak and settle, listing p99, uploads disk growth`,
  async run(log) {
    const jpeg = await tenMegabyteJpeg();
    log(`upload: ${mb(jpeg.length)} MB JPEG`);
    // Budgets off: the flood measures what the shop-wide bounds hold when many addresses act together.
    const shop = await startShopProcesses(log, { ...UNBOUNDED_BUDGETS });
    const agents = Array.from({ length: ADDRESSES }, (_, i) => new Agent({ localAddress: `127.0.0.${i + 2}`, connections: UPLOADS / ADDRESSES }));
    try {
      const uploadsDir = path.join(shop.dataDir, 'uploads');
      const listing = `${shop.url}/api/public/posters`;
      // Warm the listing's code paths and pools, then take the baseline RSS as the median of five samples.
      for (let i = 0; i < 20; i++) await fetch(listing).then((r) => r.arrayBuffer());
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        samples.push(rssMb(shop.apiPid) ?? 0);
        await new Promise((r) => setTimeout(r, 200));
      }
      const baseline = samples.sort((a, b) => a - b)[2];
      const diskBefore = await folderBytes(uploadsDir);
      log(`baseline RSS ${baseline} MB, uploads folder ${mb(diskBefore)} MB`);

      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(shop.apiPid) ?? 0)), 100);

      // The listing, one request after another, for as long as the flood lasts.
      let flooding = true;
      const listingMs: number[] = [];
      let listingErrors = 0;
      const probe = (async () => {
        while (flooding) {
          const started = performance.now();
          try {
            const res = await fetch(listing, { signal: AbortSignal.timeout(10_000) });
            await res.arrayBuffer();
            if (!res.ok) listingErrors++;
          } catch {
            listingErrors++;
          }
          listingMs.push(performance.now() - started);
        }
      })();

      const statuses = new Map<number | string, number>();
      const body = new Blob([jpeg], { type: 'image/jpeg' });
      const floodStarted = performance.now();
      await Promise.all(
        Array.from({ length: UPLOADS }, async (_, i) => {
          const form = new FormData();
          form.set('size', 'SIZE_30x40');
          form.set('quantity', '1');
          form.set('file', body, `photo-${i}.jpg`);
          let status: number | string;
          try {
            const res = await request(`${shop.url}/api/user/upload`, { method: 'POST', body: form, dispatcher: agents[i % ADDRESSES], headersTimeout: 300_000, bodyTimeout: 300_000 });
            await res.body.dump();
            status = res.statusCode;
          } catch (err) {
            status = (err as { code?: string }).code ?? 'error';
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
      );
      const floodMs = performance.now() - floodStarted;
      flooding = false;
      await probe;
      const diskAfterFlood = await folderBytes(uploadsDir);
      log(`flood done in ${round(floodMs / 1000, 1)} s: ${JSON.stringify(Object.fromEntries(statuses))}; peak RSS ${peak} MB`);

      // A minute after: the thumbnails the flood queued may still be running, which is part of the cost.
      const settleCurve: number[] = [];
      for (let s = 0; s < SETTLE_MS / 10_000; s++) {
        await new Promise((r) => setTimeout(r, 10_000));
        settleCurve.push(rssMb(shop.apiPid) ?? 0);
      }
      clearInterval(sampler);
      const settled = rssMb(shop.apiPid) ?? 0;
      const diskSettled = await folderBytes(uploadsDir);

      const sorted = listingMs.sort((a, b) => a - b);
      const p99 = round(percentile(sorted, 99) ?? 0, 1);
      const statusDetail = Object.fromEntries(statuses);
      const lines: AbuseLine[] = [
        { bound: 'API RSS growth during the upload flood', figure: round(peak - baseline, 1), unit: 'MB', limit: 200, held: peak - baseline < 200, detail: { baselineMb: baseline, peakMb: peak, statuses: statusDetail, floodSeconds: round(floodMs / 1000, 1) } },
        { bound: 'API RSS above its baseline 60 s after the flood', figure: round(settled - baseline, 1), unit: 'MB', limit: 50, held: settled - baseline <= 50, detail: { baselineMb: baseline, settledMb: settled, everyTenSecondsMb: settleCurve } },
        { bound: 'public poster listing p99 during the flood', figure: p99, unit: 'ms', limit: 200, held: p99 < 200 && listingErrors === 0, detail: { requests: sorted.length, errors: listingErrors, p50: round(percentile(sorted, 50) ?? 0, 1), max: round(sorted[sorted.length - 1] ?? 0, 1) } },
        {
          bound: 'uploads folder growth from the flood (kept images and their renditions)',
          figure: mb(diskSettled - diskBefore),
          unit: 'MB',
          // What the shop accepted, at most 20 MB per stored image with its renditions; the issue measured ~1 GB.
          limit: `≤ 20 MB × uploads accepted (${statuses.get(201) ?? 0})`,
          held: diskSettled - diskBefore <= (statuses.get(201) ?? 0) * 20 * 1048576,
          detail: { afterFloodMb: mb(diskAfterFlood - diskBefore), afterSettleMb: mb(diskSettled - diskBefore) },
        },
      ];
      return lines;
    } finally {
      await Promise.all(agents.map((a) => a.close()));
      await shop.stop();
    }
  },
};
