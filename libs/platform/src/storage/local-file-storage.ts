import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.port.js';

/** Files on local disk under one root (UPLOADS_DIR), served by the API under /uploads. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

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
      await writeFile(tmp, content);
      await rename(tmp, full);
    } catch (error) {
      // A full disk fails the write halfway: the partial file would only take more space.
      await rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
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
    await rm(this.resolve(key), { force: true });
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
async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir);
  }
}
