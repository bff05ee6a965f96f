import { api } from '../../lib/api';

export interface StoredEvent {
  id: string;
  type: string;
  stream: string;
  revision: number | string;
  position: string | { commit: string; prepare: string };
  data: unknown;
  metadata: unknown;
  createdAt: string;
}

export interface EventFilters {
  stream?: string;
  type?: string;
  from?: string;
  to?: string;
  correlationId?: string;
  page: number;
  limit: number;
}

export interface EventsPage {
  data: StoredEvent[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventsPage, EventFilters>({
      query: (filters) => ({
        url: 'admin/events',
        params: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined)),
      }),
      transformResponse: (raw: Partial<EventsPage> & { data?: StoredEvent[] }, _meta, args): EventsPage => {
        const data = Array.isArray(raw) ? (raw as StoredEvent[]) : (raw?.data ?? []);
        const currentPage = Number(raw?.currentPage ?? args.page);
        return {
          data,
          currentPage,
          totalPages: Number(raw?.totalPages ?? currentPage),
          totalItems: Number(raw?.totalItems ?? data.length),
          hasNextPage: Boolean(raw?.hasNextPage ?? data.length === args.limit),
          hasPreviousPage: Boolean(raw?.hasPreviousPage ?? currentPage > 1),
        };
      },
      providesTags: ['Event'],
    }),
  }),
});

export const { useGetEventsQuery } = eventsApi;
