import { CachedDiskSpace } from '#platform/storage/disk-space.js';
import { UploadSpaceGuard } from './upload-space-guard.js';
import { MESSAGES } from './upload-limits.js';

const MB = 1024 * 1024;

/** The guard with its disk and folder size given by the test. */
function guardWith(options: { freeMb: number; usedMb: number; minFreeMb?: number; quotaMb?: number }) {
  const disk = new CachedDiskSpace('/unused', 0, () => 0, async () => ({ freeBytes: options.freeMb * MB, totalBytes: 100_000 * MB }));
  return new UploadSpaceGuard({ minFreeBytes: (options.minFreeMb ?? 1024) * MB, quotaBytes: (options.quotaMb ?? 100) * MB }, { usedBytes: async () => options.usedMb * MB }, '/unused', disk);
}

describe('UploadSpaceGuard', () => {
  it('lets uploads arriving together see each other: the quota is passed by one at most', async () => {
    const guard = guardWith({ freeMb: 50_000, usedMb: 85, quotaMb: 100 });
    const first = await guard.check(10 * MB);
    // 85 stored + 10 being received: room for one more.
    const second = await guard.check(10 * MB);
    await expect(guard.check(10 * MB)).rejects.toMatchObject({ status: 507, message: MESSAGES.quotaFull });
    first();
    second();
    await expect(guard.check(10 * MB)).resolves.toBeInstanceOf(Function);
  });

  it('counts uploads being received against the free-space watermark too', async () => {
    const guard = guardWith({ freeMb: 1030, usedMb: 0, minFreeMb: 1024, quotaMb: 100_000 });
    const release = await guard.check(20 * MB);
    await expect(guard.check(20 * MB)).rejects.toMatchObject({ status: 507, message: MESSAGES.diskLow });
    release();
    release(); // a second release gives nothing back twice
    // 1,030 MB free, none being received: over the watermark again.
    await expect(guard.check(20 * MB)).resolves.toBeInstanceOf(Function);
  });
});
