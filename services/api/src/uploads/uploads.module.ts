import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants.js';
import { JobQueueModule, jobQueueNameFor } from '#platform/jobs/job-queue.module.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { INCOMING_DIR, narrowUploadModes } from '#platform/storage/local-file-storage.js';
import type { AppConfig } from '#platform/config/app-config.js';
import path from 'node:path';
import { APP_CONFIG } from '../common/tokens.js';
import { CustomPosterUploadController } from './custom-poster-upload.controller.js';
import { GalleryAdminController } from './gallery-admin.controller.js';
import { ImageIntakeService } from './image-intake.service.js';
import { IncomingDiskStorage } from './incoming-disk-storage.js';
import { OrphanUploadsSchedule } from './orphan-uploads.schedule.js';
import { RenditionsBackfill } from './renditions-backfill.js';
import { THUMBNAILS_JOB, thumbnailsProcessor } from './thumbnails.js';
import { UPLOAD_SPACE_GUARD, UploadSpaceGuard } from './upload-space-guard.js';
import { loadUploadsConfig } from './uploads-config.js';

/**
 * Image intake (custom posters, gallery, product and poster images) and the background jobs
 * behind it. Owns the application's job queue (global JOB_QUEUE): BullMQ when REDIS_URL is set.
 * Global so that every image route (the admin's too) streams to disk through the same storage
 * engine and space guard: FileInterceptor reads MULTER_MODULE_OPTIONS wherever it is used.
 */
@Global()
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
  providers: [
    ImageIntakeService,
    RenditionsBackfill,
    OrphanUploadsSchedule,
    {
      provide: UPLOAD_SPACE_GUARD,
      inject: [APP_CONFIG, FILE_STORAGE],
      useFactory: (config: AppConfig, storage: FileStorage) => new UploadSpaceGuard(loadUploadsConfig(), storage, config.uploadsDir),
    },
    {
      provide: MULTER_MODULE_OPTIONS,
      inject: [APP_CONFIG, UPLOAD_SPACE_GUARD],
      useFactory: (config: AppConfig, guard: UploadSpaceGuard) => ({ storage: new IncomingDiskStorage(path.join(config.uploadsDir, INCOMING_DIR), guard) }),
    },
  ],
  exports: [ImageIntakeService, UPLOAD_SPACE_GUARD, MULTER_MODULE_OPTIONS],
})
export class UploadsModule implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.jobs.register(THUMBNAILS_JOB, thumbnailsProcessor(this.storage), { lane: 'shopper' });
    // Uploads stored by an older version were readable by every local user (0644, folders 0755).
    await narrowUploadModes(this.config.uploadsDir);
  }
}
