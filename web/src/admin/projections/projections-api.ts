import { api } from '../../lib/api';

export interface ProjectionStatus {
  name: string;
  version: number | string;
  checkpoint: string | null;
  lagEvents: number | null;
  lagSeconds: number | null;
  state: string;
  owner: string | null;
  lastError: string | null;
}

export const projectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjections: build.query<ProjectionStatus[], void>({
      query: () => 'admin/projections',
      transformResponse: (answer: unknown) => (Array.isArray(answer) ? answer : ((answer as { data?: ProjectionStatus[] })?.data ?? [])),
      providesTags: ['Projection'],
    }),
    rebuildProjection: build.mutation<{ jobId: string }, string>({
      query: (name) => ({ url: `admin/projections/${encodeURIComponent(name)}/rebuild`, method: 'POST' }),
      invalidatesTags: ['Projection'],
    }),
  }),
});

export const { useGetProjectionsQuery, useRebuildProjectionMutation } = projectionsApi;
