import { Global, Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createJobQueue } from './create-job-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.port.js';

export interface JobQueueOptions {
  /** BullMQ on this Redis; in-process when absent. */
  redisUrl?: string;
  queueName: string;
  concurrency?: number;
}

/**
 * One queue per deployment, named after its database: two deployments (or two test suites, each
 * with its own database) sharing a Redis never run each other's jobs.
 */
export function jobQueueNameFor(databaseUrl: string | undefined, override?: string): string {
  if (override) return override;
  try {
    const db = new URL(databaseUrl ?? '').pathname.replace(/^\//, '');
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

/** Provides JOB_QUEUE globally; import forRootAsync once per application. */
@Global()
@Module({})
export class JobQueueModule {
  static forRootAsync(options: { inject?: any[]; useFactory: (...deps: any[]) => JobQueueOptions }): DynamicModule {
    return {
      module: JobQueueModule,
      providers: [
        {
          provide: JOB_QUEUE,
          inject: options.inject ?? [],
          useFactory: (...deps: any[]) => {
            const log = new Logger('Jobs');
            return createJobQueue({ ...options.useFactory(...deps), onFailed: (job) => log.warn(`job ${job.name} ${job.id} failed: ${job.reason}`) });
          },
        },
        JobQueueLifecycle,
      ],
      exports: [JOB_QUEUE],
    };
  }
}
