import { api } from '../../lib/api';

export interface JobStatus {
  id?: string;
  state: string;
  progress: number;
  downloadUrl: string | null;
  error?: string | null;
}

export type ExportKind = 'orders' | 'newsletter' | 'events';

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    startExport: build.mutation<{ jobId: string }, { kind: ExportKind; filters: Record<string, string> }>({
      query: (body) => ({ url: 'admin/exports', method: 'POST', body }),
    }),
    getJob: build.query<JobStatus, string>({
      query: (id) => `admin/jobs/${encodeURIComponent(id)}`,
      transformResponse: (raw: Partial<JobStatus>) => ({
        id: raw?.id,
        state: String(raw?.state ?? 'unknown'),
        progress: Number(raw?.progress ?? 0),
        downloadUrl: raw?.downloadUrl ?? null,
        error: raw?.error ?? null,
      }),
      providesTags: (_r, _e, id) => [{ type: 'Job', id }],
    }),
  }),
});

export const { useStartExportMutation, useGetJobQuery } = jobsApi;

/** A job has stopped moving: no more polling. */
export const isJobFinished = (state: string) => ['completed', 'failed', 'done', 'succeeded', 'error'].includes(state.toLowerCase());
