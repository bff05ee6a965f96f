import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * EXPORTS_QUOTA_MB (default 1024): the most the exports folder may hold. 200 event-log exports
 * asked for in five seconds wrote 2.15 GB; a gigabyte keeps dozens of full exports of a busy
 * shop's log for their day, and the admin's own latest is never the one removed.
 */
export function exportsQuotaBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.EXPORTS_QUOTA_MB);
  return (env.EXPORTS_QUOTA_MB && Number.isFinite(n) && n >= 0 ? n : 1024) * 1024 * 1024;
}

export interface EvictedExport {
  file: string;
  bytes: number;
  writtenAt: Date;
}

/**
 * Removes finished exports, oldest first, until the folder (exports being written included) is
 * within `quotaBytes`. `keep` (the export just written) is never removed, nor is a `.part` of a
 * job still running: the quota then holds again once that job is done. Returns what was removed,
 * so the caller can say so.
 */
export async function evictOldestExports(dir: string, quotaBytes: number, keep?: string): Promise<EvictedExport[]> {
  const files = [];
  let total = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!/\.(csv|ndjson)(\.part)?$/.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    total += info.size;
    if (name !== keep && !name.endsWith('.part')) files.push({ file: name, bytes: info.size, writtenAt: info.mtime });
  }
  files.sort((a, b) => a.writtenAt.getTime() - b.writtenAt.getTime() || (a.file < b.file ? -1 : 1));
  const evicted: EvictedExport[] = [];
  for (const f of files) {
    if (total <= quotaBytes) break;
    await rm(path.join(dir, f.file), { force: true });
    total -= f.bytes;
    evicted.push(f);
  }
  return evicted;
}
