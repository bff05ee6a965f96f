import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { parsePosition } from '#event-store/event-store.port.js';
import type { DataSource } from 'typeorm';
import { NewsletterSubscriberEntity } from '#read-models/newsletter-subscriber.entity.js';
import { eventForReader, type EventLogQuery } from '../events/event-log.query.js';
import { parseEventLogFilters } from '../events/event-log-filters.js';
import type { OrderReads } from '../../reads/orders.reads.js';
import { parseOrderFilters } from '../orders/order-filters.js';
import { ORDER_CSV_COLUMNS, orderCsvRow, orderLineForReader } from '../orders/orders-csv.js';
import type { Permission } from '#domain/admin/staff-permissions.js';
import { eventPersonalFields, shapeForReader } from '#domain/personal-data/withheld.js';
import { Logger } from '@nestjs/common';
import { CSV_BOM, csvRow, fileDate } from './csv.js';
import { evictOldestExports, exportsQuotaBytes } from './exports-quota.js';

const exportsLog = new Logger('Exports');

export const EXPORT_JOB = 'admin.export';
export const EXPORT_KINDS = ['orders', 'newsletter', 'events'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportJobData {
  kind: ExportKind;
  /** The same query parameters the list endpoint takes (validated when the job is requested). */
  filters: Record<string, unknown>;
  requestedBy: string;
  /**
   * Whether the requester held customers.read when asking: the file then carries personal data;
   * without it (or a job from before this was recorded) each personal field reads "withheld".
   */
  readsPersonalData?: boolean;
  /** Identical pending requests share one job (admin-job-bounds.ts). */
  requestKey?: string;
}

export interface ExportJobResult {
  /** File name inside the exports directory (never under /uploads: exports hold personal data). */
  file: string;
  downloadName: string;
  contentType: string;
  rows: number;
  /** Whether the file carries personal data (absent on files written before this was recorded: assumed so). */
  personalData?: boolean;
}

/** Checked when the job is requested, so a bad filter is a 400 then and not a failed job later. */
export function validateExportFilters(kind: ExportKind, filters: Record<string, unknown>): void {
  if (kind === 'orders') parseOrderFilters(filters);
  if (kind === 'events') parseEventLogFilters(filters);
}

/** Exports hold personal data: kept a day (as long as their job record), then removed. */
export const EXPORT_RETENTION_MS = 24 * 3600 * 1000;

export async function pruneOldExports(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!/\.(csv|ndjson)(\.part)?$/.test(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > EXPORT_RETENTION_MS) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Exports hold customers' names and phones: only the API's own user may read them. */
export const EXPORT_FILE_MODE = 0o600;
export const EXPORTS_DIR_MODE = 0o700;

/**
 * mkdir's mode applies only to a directory it creates (and passes through the umask), so an
 * existing or umask-widened directory is narrowed explicitly.
 */
export async function prepareExportsDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: EXPORTS_DIR_MODE });
  await chmod(dir, EXPORTS_DIR_MODE);
}

/**
 * The processor, the same under BullMQ and in-process: writes the whole export to a temporary
 * file, reporting progress, then renames it into place (a download never sees half a file).
 */
export function exportProcessor(deps: { exportsDir: string; quotaBytes?: number; orders: OrderReads; dataSource: DataSource; eventLog: EventLogQuery }) {
  return async (data: ExportJobData, ctx: { jobId: string; reportProgress(p: number): Promise<void> }): Promise<ExportJobResult> => {
    await prepareExportsDir(deps.exportsDir);
    await pruneOldExports(deps.exportsDir);
    const ext = data.kind === 'events' ? 'ndjson' : 'csv';
    const file = `${ctx.jobId.replace(/[^A-Za-z0-9-]/g, '')}.${ext}`;
    const tmp = path.join(deps.exportsDir, `${file}.part`);
    // Owner-only from the first byte (not chmod after): other local users never see a customer
    // list. A leftover .part would keep its old mode when reopened, so it goes first.
    await rm(tmp, { force: true });
    const out = createWriteStream(tmp, { mode: EXPORT_FILE_MODE, flags: 'w' });
    const write = async (chunk: string) => {
      if (!out.write(chunk)) await once(out, 'drain');
    };
    let rows = 0;
    // The file is shaped by what its requester could read when asking, wherever and whenever the job runs.
    const reader = new Set<Permission>(data.readsPersonalData === true ? ['customers.read'] : []);
    const subscriber = (r: NewsletterSubscriberEntity) => shapeForReader(r, reader, eventPersonalFields('NewsletterSubscribed'));
    try {
      if (data.kind === 'orders') {
        const filters = parseOrderFilters(data.filters);
        const total = Math.max(1, await deps.orders.count(filters));
        await write(CSV_BOM + csvRow(ORDER_CSV_COLUMNS));
        for await (const batch of deps.orders.batches(filters)) {
          await write(batch.map((o) => orderCsvRow(orderLineForReader(o, reader))).join(''));
          rows += batch.length;
          await ctx.reportProgress((rows / total) * 99);
        }
      } else if (data.kind === 'newsletter') {
        const repo = deps.dataSource.getRepository(NewsletterSubscriberEntity);
        const total = Math.max(1, await repo.count());
        await write(CSV_BOM + csvRow(['Email', 'Subscribed On']));
        for (let offset = 0; ; offset += 1000) {
          const batch = await repo.find({ order: { subscribedAt: 'ASC', id: 'ASC' }, skip: offset, take: 1000 });
          await write(batch.map(subscriber).map((r) => csvRow([r.email, r.subscribedAt.toISOString()])).join(''));
          rows += batch.length;
          await ctx.reportProgress((rows / total) * 99);
          if (batch.length < 1000) break;
        }
      } else {
        const filters = parseEventLogFilters(data.filters);
        let after;
        for (;;) {
          const page = await deps.eventLog.page(filters, { after, limit: 1000, order: 'asc' });
          if (page.data.length) await write(page.data.map((e) => JSON.stringify(eventForReader(e, reader))).join('\n') + '\n');
          rows += page.data.length;
          // The log has no cheap total: progress creeps towards 99 as pages arrive.
          await ctx.reportProgress(Math.min(99, rows / 100));
          if (!page.nextCursor) break;
          after = parsePosition(page.nextCursor);
        }
      }
      out.end();
      await once(out, 'finish');
    } catch (err) {
      // A failed export leaves no half-written file nor an open descriptor behind; the job fails with the error.
      if (!out.closed) {
        const closed = once(out, 'close').catch(() => undefined);
        out.destroy();
        await closed;
      }
      await rm(tmp, { force: true });
      throw err;
    }
    await rename(tmp, path.join(deps.exportsDir, file));
    // Within the quota, oldest out first; the one just written stays whatever its size.
    const evicted = await evictOldestExports(deps.exportsDir, deps.quotaBytes ?? exportsQuotaBytes(), file);
    for (const e of evicted) {
      exportsLog.log(`exports folder over its ${Math.round((deps.quotaBytes ?? exportsQuotaBytes()) / 1048576)} MB quota (EXPORTS_QUOTA_MB): removed ${e.file} (${Math.round(e.bytes / 1024)} KB, written ${e.writtenAt.toISOString()}), the oldest`);
    }
    const downloadName = data.kind === 'orders' ? `orders_${fileDate()}.csv` : data.kind === 'newsletter' ? `subscribers-${fileDate()}.csv` : `events-${fileDate()}.ndjson`;
    return { file, downloadName, contentType: ext === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8', rows, personalData: data.readsPersonalData === true };
  };
}
