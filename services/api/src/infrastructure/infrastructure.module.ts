import { Global, Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Registry } from 'prom-client';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { VersionedEventStore } from '#event-store/versioned-event-store.js';
import { createReadDataSource, runReadModelMigrations } from '#read-models/data-source.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { createMetricsRegistry } from '#platform/metrics/metrics.js';
import { FILE_STORAGE } from '#platform/storage/file-storage.port.js';
import { LocalFileStorage } from '#platform/storage/local-file-storage.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { ExecuteDeciderHandler } from '../common/execute-decider.handler.js';
import { APP_CONFIG, EVENT_STORE, METRICS_REGISTRY, PERSONAL_DATA } from '../common/tokens.js';

@Injectable()
class InfrastructureLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Infrastructure');
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([
      this.store.close(),
      this.dataSource.isInitialized ? this.dataSource.destroy() : Promise.resolve(),
    ]).then((r) => r.forEach((x) => x.status === 'rejected' && this.logger.warn(`close failed: ${String(x.reason)}`)));
  }
}

/**
 * What every API module may inject, global: APP_CONFIG, EVENT_STORE, PERSONAL_DATA, the read DataSource
 * (TypeORM, schema `read`), METRICS_REGISTRY, FILE_STORAGE and DeciderExecutor.
 */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, options: { metricsRegistry?: Registry } = {}): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EVENT_STORE, useFactory: () => createEventStore(config.eventStore) },
        { provide: PERSONAL_DATA, inject: [EVENT_STORE], useFactory: (store: EventStore) => (store instanceof VersionedEventStore ? (store.personalData ?? null) : null) },
        {
          provide: DataSource,
          useFactory: async () => {
            // The projector runs the same migrations; an advisory lock serialises the two.
            await runReadModelMigrations(config.databaseUrl);
            return createReadDataSource(config.databaseUrl, { poolSize: config.readPoolSize }).initialize();
          },
        },
        { provide: METRICS_REGISTRY, useValue: options.metricsRegistry ?? createMetricsRegistry('api') },
        { provide: FILE_STORAGE, useValue: new LocalFileStorage(config.uploadsDir) },
        DeciderExecutor,
        // The one handler of commands that need nothing but their stream (ExecuteDeciderCommand).
        ExecuteDeciderHandler,
        InfrastructureLifecycle,
      ],
      exports: [APP_CONFIG, EVENT_STORE, PERSONAL_DATA, DataSource, METRICS_REGISTRY, FILE_STORAGE, DeciderExecutor],
    };
  }
}
