import { generatedApi } from '../../api/generated-admin';

export const sessionsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getOwnSessions: { providesTags: ['Session'] },
    getStaffSessions: { providesTags: ['Session'] },
    endOwnSession: { invalidatesTags: ['Session'] },
    endStaffSession: { invalidatesTags: ['Session'] },
  },
});

export const { useGetOwnSessionsQuery, useGetStaffSessionsQuery, useEndOwnSessionMutation, useEndStaffSessionMutation } = sessionsApi;
