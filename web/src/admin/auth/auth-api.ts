import type { LoginDto, LoginResponseDto } from '../../api/generated-admin';
import { api } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponseDto, LoginDto>({
      query: (body) => ({ url: 'admin/auth/login', method: 'POST', body }),
      extraOptions: { retry: { delays: [] } },
    }),
    /**
     * Ends every token of this admin on the server (all devices). Short timeout and no retry:
     * the local session is cleared whatever the answer, so an unreachable server must not keep
     * the admin waiting on the Logout button.
     */
    logout: build.mutation<void, void>({
      query: () => ({ url: 'admin/auth/logout', method: 'POST', timeout: 5_000 }),
      extraOptions: { retry: { delays: [] } },
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
