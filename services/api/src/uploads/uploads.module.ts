import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { JobQueueModule, jobQueueNameFor } from '#platform/jobs/job-queue.module.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../common/tokens.js';
import { CustomPosterUploadController } from './custom-poster-upload.controller.js';
import { GalleryAdminController } from './gallery-admin.controller.js';
import { ImageIntakeService } from './image-intake.service.js';
import { RenditionsBackfill } from './renditions-backfill.js';
import { THUMBNAILS_JOB, thumbnailsProcessor } from './thumbnails.js';

/**
 * Image intake (custom posters, gallery, product and poster images) and the background jobs
 * behind it. Owns the application's job queue (global JOB_QUEUE): BullMQ when REDIS_URL is set.
 */
@Module({
  imports: [
    JobQueueModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        redisUrl: config.redisUrl,
        queueName: jobQueueNameFor(config.databaseUrl, process.env.JOBS_QUEUE),
        enqueueTimeoutMs: config.jobsEnqueueTimeoutMs,
      }),
    }),
  ],
  controllers: [CustomPosterUploadController, GalleryAdminController],
  providers: [ImageIntakeService, RenditionsBackfill],
  exports: [ImageIntakeService],
})
export class UploadsModule implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  onModuleInit(): void {
    this.jobs.register(THUMBNAILS_JOB, thumbnailsProcessor(this.storage));
  }
}
