import type { AdminAnnouncementView } from '../../api/generated-admin';
import { api } from '../../lib/api';

export const announcementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAnnouncement: build.query<string, void>({
      query: () => 'admin/announcement',
      transformResponse: (answer: AdminAnnouncementView) => answer.text,
      providesTags: ['Announcement'],
    }),
    saveAnnouncement: build.mutation<unknown, string>({
      query: (text) => ({ url: 'admin/announcement', method: 'POST', body: { text } }),
      invalidatesTags: ['Announcement'],
    }),
  }),
});

export const { useGetAdminAnnouncementQuery, useSaveAnnouncementMutation } = announcementApi;
