import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createJobQueue } from './create-job-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.port.js';

/**
 * One queue per deployment, named after its database unless JOBS_QUEUE says otherwise: two
 * deployments (or two test suites) sharing a Redis never run each other's jobs.
 */
export function jobQueueNameFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JOBS_QUEUE) return env.JOBS_QUEUE;
  try {
    const db = new URL(env.DATABASE_URL ?? '').pathname.replace(/^\//, '');
    return db ? `poster-shop-${db}` : 'poster-shop';
  } catch {
    return 'poster-shop';
  }
}

@Injectable()
class JobQueueLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  // Feature modules register their processors in onModuleInit, which Nest runs before any bootstrap hook.
  onApplicationBootstrap(): Promise<void> {
    return this.queue.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.queue.close();
  }
}

/** Provides JOB_QUEUE: BullMQ when REDIS_URL is set, in-process otherwise. Import it where jobs are enqueued. */
@Module({
  providers: [
    { provide: JOB_QUEUE, useFactory: () => createJobQueue({ redisUrl: process.env.REDIS_URL || undefined, queueName: jobQueueNameFromEnv() }) },
    JobQueueLifecycle,
  ],
  exports: [JOB_QUEUE],
})
export class JobQueueModule {}
