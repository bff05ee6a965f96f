import { generatedApi } from '../../api/generated-admin';

// The staff activity reads the generated endpoints as they are: a read model with no command of
// its own, fetched again whenever the page or its filters change (see the page).
export const { useGetStaffActivityQuery, useGetStaffActivityMembersQuery } = generatedApi;
