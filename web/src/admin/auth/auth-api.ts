import { api } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ token?: string; accessToken?: string }, { username: string; password: string }>({
      query: (body) => ({ url: 'admin/auth/login', method: 'POST', body }),
      extraOptions: { retry: { delays: [] } },
    }),
  }),
});

export const { useLoginMutation } = authApi;
