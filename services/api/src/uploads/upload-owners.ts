import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory } from '#platform/storage/local-file-storage.js';

/**
 * Which cart a shopper's upload went into, kept beside the uploads in a dot-folder (never served:
 * a cart id is a bearer secret). The clean-up asks that cart when it was last used, so an upload
 * sits out its grace period from the cart's last activity, not from the upload.
 */
export const OWNERS_DIR = '.owners';

const ownerPath = (root: string, key: string) => path.join(root, OWNERS_DIR, key);

export async function recordOwner(root: string, key: string, cartId: string): Promise<void> {
  const file = ownerPath(root, key);
  await makeDirectory(path.dirname(file));
  await writeFile(file, cartId, { mode: 0o600 });
}

export async function ownerOf(root: string, key: string): Promise<string | undefined> {
  const cartId = await readFile(ownerPath(root, key), 'utf8').catch(() => undefined);
  return cartId?.trim() || undefined;
}

export async function forgetOwner(root: string, key: string): Promise<void> {
  await rm(ownerPath(root, key), { force: true });
}
