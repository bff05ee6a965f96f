import { generatedApi, type EventLogPage, type EventView, type GetEventsApiArg } from '../../api/generated-admin';

export type StoredEvent = EventView;

export interface EventFilters {
  stream?: string;
  type?: string;
  from?: string;
  to?: string;
  correlationId?: string;
  /** nextCursor of the previous page (keyset paging over the log's position). */
  after?: string;
  limit: number;
}

export type EventsPage = EventLogPage;

/** The request for these filters: newest first (an analyst usually looks for what just happened), blank fields left out. */
export function eventsQuery(filters: EventFilters): GetEventsApiArg {
  return { order: 'desc', ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)) };
}

export const eventsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getEvents: { providesTags: ['Event'] },
  },
});

export const { useGetEventsQuery } = eventsApi;
