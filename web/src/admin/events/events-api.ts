import { api } from '../../lib/api';

export interface StoredEvent {
  id: string;
  type: string;
  stream: string;
  revision: number | string;
  position: string;
  recordedAt?: string;
  createdAt?: string;
  occurredAt?: string;
  actor?: { kind: string; id: string } | null;
  correlationId?: string | null;
  data: unknown;
  metadata: unknown;
}

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

export interface EventsPage {
  data: StoredEvent[];
  nextCursor: string | null;
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventsPage, EventFilters>({
      query: (filters) => ({
        url: 'admin/events',
        // Newest first: an analyst usually looks for what just happened.
        params: { order: 'desc', ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)) },
      }),
      transformResponse: (raw: unknown): EventsPage => {
        if (Array.isArray(raw)) return { data: raw as StoredEvent[], nextCursor: null };
        const page = (raw ?? {}) as Partial<EventsPage>;
        return { data: page.data ?? [], nextCursor: page.nextCursor ?? null };
      },
      providesTags: ['Event'],
    }),
  }),
});

export const { useGetEventsQuery } = eventsApi;
