import { chmod, lstat, mkdir, readdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { DirectoryUsage } from './directory-usage.js';
import type { FileStorage } from './file-storage.port.js';

/**
 * Where uploads are received before they are judged: inside the root so that adopting one is a
 * rename on the same file system, and a dot-folder so the public /uploads route (Express static,
 * dotfiles ignored) never serves a file nobody has checked.
 */
export const INCOMING_DIR = '.incoming';

/**
 * Uploads are the shop's own files: shoppers' photos, which may show them, and the catalogue's
 * images. Only the API's user reads them (it serves /uploads itself), so no other local account
 * can list or copy them: files 0600, folders 0700.
 */
export const UPLOAD_FILE_MODE = 0o600;
export const UPLOAD_DIR_MODE = 0o700;

/** Files on local disk under one root (UPLOADS_DIR), served by the API under /uploads. */
export class LocalFileStorage implements FileStorage {
  readonly usage: DirectoryUsage;

  constructor(private readonly root: string) {
    this.usage = new DirectoryUsage(root, [INCOMING_DIR]);
  }

  /** Where streamed uploads wait for their verdict (see INCOMING_DIR). */
  incomingDir(): string {
    return path.join(this.root, INCOMING_DIR);
  }

  usedBytes(): Promise<number> {
    return this.usage.total();
  }

  private async sizeOf(full: string): Promise<number> {
    return (await stat(full).catch(() => undefined))?.size ?? 0;
  }

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    // A key is always server-made, but a traversal here would be a hole: refuse it outright.
    if (full !== this.root && !full.startsWith(this.root + path.sep)) throw new Error(`key escapes the storage root: ${key}`);
    return full;
  }

  async save(key: string, content: Buffer): Promise<void> {
    const full = this.resolve(key);
    await makeDirectory(path.dirname(full));
    // Write then rename: a reader never sees half a file.
    const tmp = `${full}.${process.pid}.tmp`;
    try {
      const before = await this.sizeOf(full);
      // A leftover temporary file would keep its old mode when written again: it goes first.
      await rm(tmp, { force: true });
      await writeFile(tmp, content, { mode: UPLOAD_FILE_MODE });
      await rename(tmp, full);
      this.usage.add(content.length - before);
    } catch (error) {
      // A full disk fails the write halfway: the partial file would only take more space.
      await rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async adopt(key: string, sourcePath: string): Promise<void> {
    const full = this.resolve(key);
    await makeDirectory(path.dirname(full));
    const size = await this.sizeOf(sourcePath);
    // The re-encoded image is written by libvips with the usual 0644: narrowed before it is served.
    await chmod(sourcePath, UPLOAD_FILE_MODE);
    await rename(sourcePath, full);
    this.usage.add(size);
  }

  localPath(key: string): string {
    return this.resolve(key);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.resolve(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    const full = this.resolve(key);
    const size = await this.sizeOf(full);
    await rm(full, { force: true });
    this.usage.add(-size);
  }

  publicPath(key: string): string {
    return `/uploads/${key.split(path.sep).join('/')}`;
  }
}

/**
 * Node's recursive mkdir reports ENOENT whenever it cannot create a missing level, whatever the
 * cause (a read-only mount, no permission): one plain mkdir names the real one, which decides
 * between "full", "not writable" and a bug.
 */
export async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: UPLOAD_DIR_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir, { mode: UPLOAD_DIR_MODE });
  }
}

/**
 * Narrows what an older version left readable by all (0644 files, 0755 folders) under `root`,
 * the root included: run once at start. Symbolic links are not followed (chmod would change their
 * target, which may be outside the root). Answers how many entries were changed.
 */
export async function narrowUploadModes(root: string): Promise<number> {
  let changed = 0;
  const narrow = async (full: string, mode: number, current: number) => {
    if ((current & 0o777) === mode) return;
    await chmod(full, mode);
    changed++;
  };
  const rootInfo = await lstat(root).catch(() => undefined);
  if (!rootInfo?.isDirectory()) return 0;
  await narrow(root, UPLOAD_DIR_MODE, rootInfo.mode);
  const folders = [root];
  while (folders.length > 0) {
    const dir = folders.pop()!;
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) folders.push(full);
      if (!entry.isDirectory() && !entry.isFile()) continue;
      const info = await lstat(full).catch(() => undefined);
      // Gone meanwhile (a sweep, an upload finishing): nothing to narrow.
      if (info) await narrow(full, entry.isDirectory() ? UPLOAD_DIR_MODE : UPLOAD_FILE_MODE, info.mode).catch(() => undefined);
    }
  }
  return changed;
}
