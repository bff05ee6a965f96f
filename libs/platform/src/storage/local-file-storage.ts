import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { DirectoryUsage } from './directory-usage.js';
import type { FileStorage } from './file-storage.port.js';

/**
 * Where uploads are received before they are judged: inside the root so that adopting one is a
 * rename on the same file system, and a dot-folder so the public /uploads route (Express static,
 * dotfiles ignored) never serves a file nobody has checked.
 */
export const INCOMING_DIR = '.incoming';

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
      await writeFile(tmp, content);
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
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir);
  }
}
