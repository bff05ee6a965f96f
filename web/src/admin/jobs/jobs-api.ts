import type { ExportRequestedView, JobView, RequestExportDto } from '../../api/generated';
import { api } from '../../lib/api';

export type JobStatus = JobView;

export type ExportKind = RequestExportDto['kind'];

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    startExport: build.mutation<ExportRequestedView, { kind: ExportKind; filters: Record<string, string> }>({
      query: (body) => ({ url: 'admin/exports', method: 'POST', body }),
    }),
    getJob: build.query<JobView, string>({
      query: (id) => `admin/jobs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Job', id }],
    }),
  }),
});

export const { useStartExportMutation, useGetJobQuery } = jobsApi;

/** A job has stopped moving: no more polling. */
export const isJobFinished = (state: string) => ['completed', 'failed', 'done', 'succeeded', 'error'].includes(state.toLowerCase());
