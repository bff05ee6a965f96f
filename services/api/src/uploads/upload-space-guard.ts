import { HttpException, Logger } from '@nestjs/common';
import { CachedDiskSpace } from '#platform/storage/disk-space.js';
import type { FileStorage } from '#platform/storage/file-storage.port.js';
import type { UploadsConfig } from './uploads-config.js';
import { MESSAGES } from './upload-limits.js';

export const UPLOAD_SPACE_GUARD = Symbol('UPLOAD_SPACE_GUARD');

/** 507 Insufficient Storage: the server cannot store the representation, nothing the client did. */
export class InsufficientStorage extends HttpException {
  constructor(message: string) {
    super(message, 507);
  }
}

/**
 * The shop-wide bounds on what uploads may take, checked before a byte of the body is written:
 * many addresses acting together get past any per-client budget, but not past these.
 */
export class UploadSpaceGuard {
  private readonly log = new Logger('UploadSpaceGuard');
  private readonly disk: CachedDiskSpace;

  constructor(
    private readonly config: Pick<UploadsConfig, 'minFreeBytes' | 'quotaBytes'>,
    private readonly storage: Pick<FileStorage, 'usedBytes'>,
    dataDir: string,
    disk?: CachedDiskSpace,
  ) {
    this.disk = disk ?? new CachedDiskSpace(dataDir);
  }

  /** For /api/health: low means uploads are being refused, which an operator must hear about. */
  async diskState(): Promise<{ status: 'up' | 'low'; freeMb: number; minFreeMb: number }> {
    const { freeBytes } = await this.disk.get();
    return { status: freeBytes < this.config.minFreeBytes ? 'low' : 'up', freeMb: mb(freeBytes), minFreeMb: mb(this.config.minFreeBytes) };
  }

  /** Bytes of uploads being received now (their request's length): on disk soon, not yet counted. */
  private reserved = 0;

  /**
   * Throws 507 with a sentence for the shopper when an upload may not be stored now; otherwise
   * reserves `bytes` until the returned release is called. Uploads received at the same moment all
   * see each other's reservations, so a flood cannot pass the quota or the watermark together:
   * the overshoot is at most the one upload that found room.
   */
  async check(bytes = 0): Promise<() => void> {
    const { freeBytes } = await this.disk.get();
    if (freeBytes - this.reserved < this.config.minFreeBytes) {
      this.log.warn(`upload refused: ${mb(freeBytes)} MB free on the data disk (${mb(this.reserved)} MB of it being received), under the ${mb(this.config.minFreeBytes)} MB watermark (UPLOADS_MIN_FREE_MB)`);
      throw new InsufficientStorage(MESSAGES.diskLow);
    }
    const used = await this.storage.usedBytes();
    if (used + this.reserved >= this.config.quotaBytes) {
      this.log.warn(`upload refused: the uploads folder holds ${mb(used)} MB (and ${mb(this.reserved)} MB being received), at its ${mb(this.config.quotaBytes)} MB quota (UPLOADS_QUOTA_MB)`);
      throw new InsufficientStorage(MESSAGES.quotaFull);
    }
    this.reserved += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved -= bytes;
    };
  }
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
