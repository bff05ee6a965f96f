/**
 * Issue 24's export flood: one admin asks for 200 event-log exports within five seconds (each a
 * different question, so none is answered with another's job). Measures how many of that admin's
 * exports were ever pending at once and how large the exports folder grew, against a small
 * EXPORTS_QUOTA_MB so that the demo shop's short log still fills it.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { startShopProcesses } from '../lib/shop-processes.js';
import { round } from '../lib/stats.js';
import type { AbuseCase } from './abuse-case.js';

const REQUESTS = 200;
const WITHIN_MS = 5000;
const QUOTA_MB = 2;
const MAX_PENDING = 3;

async function folderBytes(dir: string): Promise<{ bytes: number; largest: number }> {
  let bytes = 0;
  let largest = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const size = (await stat(path.join(dir, name)).catch(() => undefined))?.size ?? 0;
    bytes += size;
    largest = Math.max(largest, size);
  }
  return { bytes, largest };
}

export const abuseCase: AbuseCase = {
  name: 'export-flood',
  describe: `one admin requests ${REQUESTS} event-log exports within ${WITHIN_MS / 1000} s: pending jobs and exports folder size (EXPORTS_QUOTA_MB=${QUOTA_MB})`,
  async run(log) {
    const shop = await startShopProcesses(log, { EXPORTS_QUOTA_MB: String(QUOTA_MB), ADMIN_MAX_PENDING_JOBS: String(MAX_PENDING) });
    try {
      const exportsDir = path.join(shop.dataDir, 'exports');
      const login = await fetch(`${shop.url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shop.admin) });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      const statuses = new Map<number, number>();
      const accepted = new Set<string>();
      const state = new Map<string, string>();
      let maxPending = 0;
      let maxFolder = 0;
      let largestExport = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const folder = await folderBytes(exportsDir);
          maxFolder = Math.max(maxFolder, folder.bytes);
          largestExport = Math.max(largestExport, folder.largest);
          for (const id of accepted) {
            if (state.get(id) === 'completed' || state.get(id) === 'failed') continue;
            const job = (await (await fetch(`${shop.url}/api/admin/jobs/${id}`, { headers })).json()) as { state: string };
            state.set(id, job.state);
          }
          maxPending = Math.max(maxPending, [...accepted].filter((id) => state.get(id) === 'waiting' || state.get(id) === 'active').length);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();

      const started = Date.now();
      for (let i = 0; i < REQUESTS; i++) {
        // Evenly over the five seconds; every request a different "to" day far in the future (the whole log).
        const due = started + (i * WITHIN_MS) / REQUESTS;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        const to = new Date(Date.UTC(2030, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
        const res = await fetch(`${shop.url}/api/admin/exports`, { method: 'POST', headers, body: JSON.stringify({ kind: 'events', filters: { to } }) });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { jobId?: string };
        if (res.status === 202 && body.jobId) {
          accepted.add(body.jobId);
          state.set(body.jobId, 'waiting');
        }
      }
      const requestSeconds = (Date.now() - started) / 1000;
      // Until every accepted export is done, at most a minute.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && [...accepted].some((id) => state.get(id) !== 'completed' && state.get(id) !== 'failed')) await new Promise((r) => setTimeout(r, 200));
      sampling = false;
      await sampler;
      const final = await folderBytes(exportsDir);
      const quota = QUOTA_MB * 1048576;
      const detail = { statuses: Object.fromEntries(statuses), exportsWritten: accepted.size, requestSeconds: round(requestSeconds, 1), largestExportMb: round(largestExport / 1048576, 2) };
      log(`exports: ${JSON.stringify(detail)}; folder max ${round(maxFolder / 1048576, 2)} MB, final ${round(final.bytes / 1048576, 2)} MB`);
      return [
        { bound: 'pending exports of one admin (most seen at once)', figure: maxPending, unit: 'jobs', limit: MAX_PENDING, held: maxPending <= MAX_PENDING && (statuses.get(429) ?? 0) + (statuses.get(202) ?? 0) === REQUESTS, detail },
        {
          bound: 'exports folder size (largest seen), against its quota',
          figure: round(maxFolder / 1048576, 2),
          unit: 'MB',
          // The export just written is kept whatever its size, and the ones being written count: quota + what runs at once.
          limit: `≤ quota ${QUOTA_MB} MB + ${MAX_PENDING} exports being written or just written`,
          held: maxFolder <= quota + MAX_PENDING * largestExport,
          detail: { finalMb: round(final.bytes / 1048576, 2), largestExportMb: round(largestExport / 1048576, 2) },
        },
      ];
    } finally {
      await shop.stop();
    }
  },
};
