import { generatedApi, type JobView, type RequestExportDto } from '../../api/generated-admin';

export type JobStatus = JobView;

export type ExportKind = RequestExportDto['kind'];

export const jobsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getJob: { providesTags: (_r, _e, id) => [{ type: 'Job', id }] },
  },
});

export const { useStartExportMutation, useGetJobQuery } = jobsApi;

/** A job has stopped moving: no more polling. */
export const isJobFinished = (state: string) => ['completed', 'failed', 'done', 'succeeded', 'error'].includes(state.toLowerCase());
