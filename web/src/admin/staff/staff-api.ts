import { generatedApi } from '../../api/generated-admin';

export const staffApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getStaff: { providesTags: ['Staff'] },
    createStaffMember: { invalidatesTags: ['Staff'] },
    changeStaffRole: { invalidatesTags: ['Staff'] },
    disableStaffMember: { invalidatesTags: ['Staff'] },
    enableStaffMember: { invalidatesTags: ['Staff'] },
    resetStaffPassword: { invalidatesTags: ['Staff'] },
    resetStaffTwoFactor: { invalidatesTags: ['Staff', 'Session'] },
  },
});

export const {
  useGetStaffQuery,
  useCreateStaffMemberMutation,
  useChangeStaffRoleMutation,
  useDisableStaffMemberMutation,
  useEnableStaffMemberMutation,
  useResetStaffPasswordMutation,
  useResetStaffTwoFactorMutation,
} = staffApi;
