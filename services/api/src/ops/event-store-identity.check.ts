import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventStoreIdentity } from '#event-store/event-store-identity.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { assertEventStoreIdentity } from '#read-models/projector-state/event-store-identity.js';
import { sqlClientOf } from '#read-models/projector-state/sql-client.js';
import { APP_CONFIG } from '../common/tokens.js';

/**
 * The API refuses to start, like the projector, when EVENT_STORE names another log than the one
 * the read models were built from: it would take commands into one log and answer reads and
 * X-Wait-For-Position from the other's positions. The DataSource ran the migrations first.
 */
@Injectable()
export class EventStoreIdentityCheck implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): Promise<void> {
    return assertEventStoreIdentity(sqlClientOf(this.dataSource), eventStoreIdentity(this.config.eventStore));
  }
}
