import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Bytes under a directory, tracked cheaply: walked once (on first use, and again when `rescan` is
 * called by the periodic clean-up), then kept up to date by the writes and deletes this process
 * makes. Another process's writes are seen at the next rescan, which is why the quota is a guard
 * against floods, not an exact accounting.
 */
export class DirectoryUsage {
  private bytes = 0;
  private scanned?: Promise<void>;

  constructor(
    private readonly root: string,
    /** Names of top-level folders not counted (work in progress, not yet part of the store). */
    private readonly skip: readonly string[] = [],
  ) {}

  async total(): Promise<number> {
    await (this.scanned ??= this.scan());
    return this.bytes;
  }

  add(delta: number): void {
    this.bytes = Math.max(0, this.bytes + delta);
  }

  async rescan(): Promise<number> {
    this.scanned = this.scan();
    await this.scanned;
    return this.bytes;
  }

  private async scan(): Promise<void> {
    let sum = 0;
    const walk = async (dir: string, top: boolean): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (top && this.skip.includes(entry.name)) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full, false);
        else if (entry.isFile()) sum += (await lstat(full).catch(() => undefined))?.size ?? 0;
      }
    };
    await walk(this.root, true);
    this.bytes = sum;
  }
}
