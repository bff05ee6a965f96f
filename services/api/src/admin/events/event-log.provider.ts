import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '#event-store/event-store.port.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG, EVENT_STORE, PERSONAL_DATA } from '../../common/tokens.js';
import { EVENT_LOG_QUERY, type EventLogQuery } from './event-log.query.js';
import { PostgresEventLogQuery } from './postgres-event-log.query.js';
import { EventStoreDbEventLogQuery, type EventStoreDbLog } from './eventstoredb-event-log.query.js';

/** SQL over event_store.events for the PostgreSQL adapter; forward and backward reads of $all on EventStoreDB. */
export const eventLogQueryProvider: Provider = {
  provide: EVENT_LOG_QUERY,
  inject: [APP_CONFIG, EVENT_STORE, PERSONAL_DATA],
  useFactory: (config: AppConfig, store: EventStore, personalData: PersonalDataCipher | null): EventLogQuery => {
    const open = (events: RecordedEvent[]) => (personalData ? personalData.open(events) : events);
    return config.eventStore.kind === 'postgres'
      ? new PostgresEventLogQuery(config.eventStore.connectionString, open)
      : new EventStoreDbEventLogQuery(store as EventStore & EventStoreDbLog, open);
  },
};

@Injectable()
export class EventLogQueryLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EVENT_LOG_QUERY) private readonly query: EventLogQuery) {}
  onApplicationShutdown(): Promise<void> {
    return this.query.close();
  }
}
