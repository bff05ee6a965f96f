import { generatedApi, type RequestWhatIfDto, type WhatIfReportView } from '../../api/generated-admin';

export type WhatIfRequest = RequestWhatIfDto;
export type WhatIfReport = WhatIfReportView;

// A what-if only reads the log: nothing to invalidate; each job is its own cache entry.
export const whatIfApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getWhatIf: { providesTags: (_r, _e, id) => [{ type: 'Job', id }] },
  },
});

export const { useStartWhatIfMutation, useGetWhatIfQuery } = whatIfApi;
