import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '#platform/storage/file-storage.port.js';
import { INCOMING_DIR } from '#platform/storage/local-file-storage.js';
import { deleteUpload } from './delete-upload.js';
import { ownerOf } from './upload-owners.js';

/** A received file older than this belongs to no request any more (a crash between receive and answer). */
const INCOMING_MAX_AGE_MS = 3600 * 1000;

export interface OrphanSweepDeps {
  uploadsDir: string;
  storage: Pick<FileStorage, 'delete' | 'publicPath'>;
  /** The clock, injected so the test controls it. */
  now: () => number;
  graceMs: number;
  /** Of these upload URLs, the ones a placed order references. */
  ordered: (urls: string[]) => Promise<Set<string>>;
  /** When the cart last changed (ms since the epoch), undefined for a cart with no events. */
  cartLastActivity: (cartId: string) => Promise<number | undefined>;
}

export interface OrphanSweepResult {
  /** Storage keys of the originals removed (with their thumbnails and renditions). */
  removed: string[];
  /** Past the grace period but kept: their cart was used within it. */
  keptForCart: string[];
  incomingRemoved: number;
}

/**
 * Shoppers' uploads (custom/) that no placed order references are removed with their thumbnails
 * and renditions once both the file and its cart have been idle for the grace period. Admin
 * images (posters, gallery, products) belong to the catalogue and are never swept here.
 */
export async function sweepOrphanUploads(deps: OrphanSweepDeps): Promise<OrphanSweepResult> {
  const now = deps.now();
  const cutoff = now - deps.graceMs;
  const candidates: string[] = [];
  for (const name of await readdir(path.join(deps.uploadsDir, 'custom')).catch(() => [] as string[])) {
    if (!/^[0-9a-f-]{36}\.(?:jpg|png|webp)$/.test(name)) continue;
    const info = await stat(path.join(deps.uploadsDir, 'custom', name)).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < cutoff) candidates.push(`custom/${name}`);
  }

  const result: OrphanSweepResult = { removed: [], keptForCart: [], incomingRemoved: 0 };
  const ordered = candidates.length ? await deps.ordered(candidates.map((key) => deps.storage.publicPath(key))) : new Set<string>();
  for (const key of candidates) {
    if (ordered.has(deps.storage.publicPath(key))) continue;
    const cartId = await ownerOf(deps.uploadsDir, key);
    const lastActivity = cartId ? await deps.cartLastActivity(cartId) : undefined;
    if (lastActivity !== undefined && lastActivity >= cutoff) {
      result.keptForCart.push(key);
      continue;
    }
    await deleteUpload(deps.storage, deps.uploadsDir, key);
    result.removed.push(key);
  }

  const incoming = path.join(deps.uploadsDir, INCOMING_DIR);
  for (const name of await readdir(incoming).catch(() => [] as string[])) {
    const info = await stat(path.join(incoming, name)).catch(() => undefined);
    if (info && info.mtimeMs < now - INCOMING_MAX_AGE_MS) {
      await rm(path.join(incoming, name), { force: true });
      result.incomingRemoved++;
    }
  }
  return result;
}
