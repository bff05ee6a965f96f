import { generatedApi, type ProjectionStatusView } from '../../api/generated-admin';

export type ProjectionStatus = ProjectionStatusView;
export type ProjectionFailure = NonNullable<ProjectionStatusView['failure']>;

export const projectionsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getProjections: { providesTags: ['Projection'] },
    rebuildProjection: { invalidatesTags: ['Projection'] },
    retryProjection: { invalidatesTags: ['Projection'] },
  },
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
