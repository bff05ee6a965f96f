import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INCOMING_DIR } from '#platform/storage/local-file-storage.js';
import type { IncomingFile } from '../incoming-disk-storage.js';

/** Bytes as IncomingDiskStorage leaves them: a file in the storage root's incoming folder. */
export async function incomingFile(root: string, bytes: Buffer): Promise<IncomingFile> {
  const dir = path.join(root, INCOMING_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.part`);
  await writeFile(file, bytes);
  return { path: file, size: bytes.length };
}
