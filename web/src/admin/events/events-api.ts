import type { EventLogPage, EventView } from '../../api/generated-admin';
import { api } from '../../lib/api';

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

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventsPage, EventFilters>({
      query: (filters) => ({
        url: 'admin/events',
        // Newest first: an analyst usually looks for what just happened.
        params: { order: 'desc', ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)) },
      }),
      providesTags: ['Event'],
    }),
  }),
});

export const { useGetEventsQuery } = eventsApi;
