import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RENDITION_WIDTHS } from '#domain/catalog/image-renditions.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { GalleryImageEntity } from '#read-models/gallery-image.entity.js';
import { PosterEntity } from '#read-models/poster.entity.js';
import { ProductEntity } from '#read-models/product.entity.js';
import { ImageIntakeService } from './image-intake.service.js';
import { renditionKey } from './renditions.js';
import { THUMBNAILS_JOB, type ThumbnailsJobData } from './thumbnails.js';

/**
 * Queues the thumbnails job for every stored image that lacks a rendition width: images uploaded
 * before renditions existed, or before a width was added. The storefront falls back to the
 * original for a missing width, which works but sends a phone the full-size file. Returns the keys
 * queued; the job id makes a second call (another replica starting) queue nothing new.
 */
export async function backfillRenditions(keys: Iterable<string>, storage: FileStorage, jobs: JobQueue): Promise<string[]> {
  const queued: string[] = [];
  for (const key of new Set(keys)) {
    const present = await Promise.all(RENDITION_WIDTHS.map((width) => storage.exists(renditionKey(key, width))));
    if (present.every(Boolean) || !(await storage.exists(key))) continue;
    await jobs.enqueue<ThumbnailsJobData>(THUMBNAILS_JOB, { key }, { jobId: `renditions-${RENDITION_WIDTHS.join('-')}-${key.replace(/[^\w.-]/g, '_')}`, attempts: 3 });
    queued.push(key);
  }
  return queued;
}

/** At start, in the background: the catalogue's images (posters, add-ons, gallery) get every width. */
@Injectable()
export class RenditionsBackfill implements OnApplicationBootstrap {
  private readonly log = new Logger(RenditionsBackfill.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly intake: ImageIntakeService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    void this.run().catch((error: unknown) => this.log.warn(`renditions backfill stopped: ${error instanceof Error ? error.message : String(error)}`));
  }

  async run(): Promise<string[]> {
    const urls = (
      await Promise.all([
        this.dataSource.getRepository(PosterEntity).find({ select: { imageUrl: true } }),
        this.dataSource.getRepository(ProductEntity).find({ select: { imageUrl: true } }),
        this.dataSource.getRepository(GalleryImageEntity).find({ select: { imageUrl: true } }),
      ])
    ).flat();
    const keys = urls.map((row) => this.intake.keyOf(row.imageUrl)).filter((key): key is string => key !== undefined);
    const queued = await backfillRenditions(keys, this.storage, this.jobs);
    if (queued.length > 0) this.log.log(`queued renditions for ${queued.length} stored images that lacked a width`);
    return queued;
  }
}
