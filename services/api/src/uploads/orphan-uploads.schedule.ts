import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cartStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { LocalFileStorage } from '#platform/storage/local-file-storage.js';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens.js';
import { sweepOrphanUploads, type OrphanSweepResult } from './orphan-uploads.sweeper.js';
import { loadUploadsConfig } from './uploads-config.js';

/**
 * Runs sweepOrphanUploads every UPLOADS_SWEEP_MINUTES in each API process (a sweep is idempotent:
 * two replicas removing the same file is harmless), and rescans the uploads folder's size for the
 * quota, so other processes' writes are counted too.
 */
@Injectable()
export class OrphanUploadsSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('OrphanUploads');
  private readonly settings = loadUploadsConfig();
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.sweepIntervalMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.settings.sweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.sweep(Date.now)
      .catch((error: unknown) => this.log.warn(`sweep stopped: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.running = undefined));
  }

  async sweep(now: () => number): Promise<OrphanSweepResult> {
    const result = await sweepOrphanUploads({
      uploadsDir: this.config.uploadsDir,
      storage: this.storage,
      now,
      graceMs: this.settings.orphanGraceMs,
      ordered: async (urls) => {
        const rows: Array<{ path: string }> = await this.dataSource.query('SELECT DISTINCT custom_image_path AS path FROM read.order_items WHERE custom_image_path = ANY($1)', [urls]);
        return new Set(rows.map((r) => r.path));
      },
      cartLastActivity: async (cartId) => {
        const [last] = await this.store.readStream(cartStream(cartId), { direction: 'backwards', maxCount: 1 }).catch(() => []);
        return last?.createdAt.getTime();
      },
    });
    if (this.storage instanceof LocalFileStorage) await this.storage.usage.rescan();
    if (result.removed.length || result.incomingRemoved) {
      this.log.log(`removed ${result.removed.length} uploads no order references (idle past ${Math.round(this.settings.orphanGraceMs / 3600_000)} h, UPLOADS_ORPHAN_GRACE_HOURS) and ${result.incomingRemoved} stale received files`);
    }
    return result;
  }
}
