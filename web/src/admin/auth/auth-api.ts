import { generatedApi } from '../../api/generated-admin';
import { NO_RETRY } from '../../lib/api';

export const authApi = generatedApi.enhanceEndpoints({
  endpoints: {
    login: { extraOptions: { retry: NO_RETRY } },
    loginWithSecondFactor: { extraOptions: { retry: NO_RETRY } },
    changePassword: { extraOptions: { retry: NO_RETRY } },
    getTwoFactorStatus: { providesTags: ['TwoFactor'] },
    beginTwoFactorSetup: { extraOptions: { retry: NO_RETRY } },
    confirmTwoFactorSetup: { extraOptions: { retry: NO_RETRY }, invalidatesTags: ['TwoFactor'] },
    /**
     * Ends every token of this admin on the server (all devices). Short timeout and no retry:
     * the local session is cleared whatever the answer, so an unreachable server must not keep
     * the admin waiting on the Logout button.
     */
    logout: {
      query: () => ({ url: '/admin/auth/logout', method: 'POST', timeout: 5_000 }),
      extraOptions: { retry: NO_RETRY },
    },
  },
});

export const {
  useLoginMutation,
  useLoginWithSecondFactorMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useGetTwoFactorStatusQuery,
  useBeginTwoFactorSetupMutation,
  useConfirmTwoFactorSetupMutation,
} = authApi;
