import { api } from '../../lib/api';

export interface ProjectionStatus {
  name: string;
  version: number | string | null;
  checkpoint: string | null;
  state: string;
  owner: string | null;
  eventsHandled: number;
  lag: { events: number; atLeast?: boolean; seconds: number } | null;
  lastError: string | null;
  /** Set while the projection is stopped on an event: what to fix, and where the retries stand. */
  failure: ProjectionFailure | null;
  /** The beside-the-live-one rebuild in progress, if any. */
  rebuild: { state: string; version: number | string; checkpoint: string; eventsHandled: number } | null;
  lastRebuildRequest: { id: string; status: string; requestedAt: string; finishedAt: string | null } | null;
}

export interface ProjectionFailure {
  eventType: string | null;
  eventId: string | null;
  position: string | null;
  error: string | null;
  firstFailedAt: string | null;
  attempts: number;
  nextRetryAt: string | null;
}

type Raw = Record<string, unknown>;

/** Accepts the flat contract (lagEvents, lagSeconds) as well as the API's nested lag object. */
function normalizeProjection(p: Raw): ProjectionStatus {
  const lag = (p.lag as ProjectionStatus['lag']) ?? (p.lagEvents !== undefined ? { events: Number(p.lagEvents), seconds: Number(p.lagSeconds ?? 0) } : null);
  return {
    name: String(p.name),
    version: (p.version as ProjectionStatus['version']) ?? null,
    checkpoint: (p.checkpoint as string | null) ?? null,
    state: String(p.state ?? 'unknown'),
    owner: (p.owner as string | null) ?? null,
    eventsHandled: Number(p.eventsHandled ?? 0),
    lag,
    lastError: (p.lastError as string | null) ?? null,
    failure: (p.failure as ProjectionFailure | null) ?? null,
    rebuild: (p.rebuild as ProjectionStatus['rebuild']) ?? null,
    lastRebuildRequest: (p.lastRebuildRequest as ProjectionStatus['lastRebuildRequest']) ?? null,
  };
}

export const projectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjections: build.query<ProjectionStatus[], void>({
      query: () => 'admin/projections',
      transformResponse: (answer: unknown) => (Array.isArray(answer) ? (answer as Raw[]) : []).map(normalizeProjection),
      providesTags: ['Projection'],
    }),
    rebuildProjection: build.mutation<{ requestId?: string; jobId?: string; status?: string }, string>({
      query: (name) => ({ url: `admin/projections/${encodeURIComponent(name)}/rebuild`, method: 'POST' }),
      invalidatesTags: ['Projection'],
    }),
    retryProjection: build.mutation<{ projection: string; status: string }, string>({
      query: (name) => ({ url: `admin/projections/${encodeURIComponent(name)}/retry`, method: 'POST' }),
      invalidatesTags: ['Projection'],
    }),
  }),
});

export const { useGetProjectionsQuery, useRebuildProjectionMutation, useRetryProjectionMutation } = projectionsApi;

/**
 * How far a rebuild has come: the rebuilding copy replays the same log the live one has handled,
 * so its handled count over the live one's is the fraction done. null when none is running.
 */
export function rebuildProgress(p: ProjectionStatus): number | null {
  const request = p.lastRebuildRequest;
  if (p.rebuild && p.rebuild.state !== 'live') {
    return Math.min(99, Math.floor((100 * p.rebuild.eventsHandled) / Math.max(1, p.eventsHandled)));
  }
  if (request && ['requested', 'building'].includes(request.status)) return 0;
  if (request?.status === 'done' && request.finishedAt && Date.now() - Date.parse(request.finishedAt) < 10 * 60 * 1000) return 100;
  return null;
}
