import { statfs } from 'node:fs/promises';
import path from 'node:path';

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

/**
 * Free space of the file system holding `dir`, as an unprivileged process may use it (bavail, not
 * bfree: the blocks reserved for root are no use to the shop). A directory not made yet is judged
 * by its nearest existing parent, which is where it will be made.
 */
export async function diskSpaceOf(dir: string): Promise<DiskSpace> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const s = await statfs(at);
      return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) throw error;
    }
  }
}

/**
 * statfs costs a system call: under a flood of uploads the answer is reused for a moment rather
 * than asked per request. The watermark is far above what a second of uploads can write.
 */
export class CachedDiskSpace {
  private last?: { at: number; value: DiskSpace };

  constructor(
    private readonly dir: string,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = Date.now,
    private readonly read: (dir: string) => Promise<DiskSpace> = diskSpaceOf,
  ) {}

  async get(): Promise<DiskSpace> {
    const t = this.now();
    if (this.last && t - this.last.at < this.maxAgeMs) return this.last.value;
    const value = await this.read(this.dir);
    this.last = { at: t, value };
    return value;
  }
}
