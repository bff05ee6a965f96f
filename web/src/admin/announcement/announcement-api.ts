import { generatedApi } from '../../api/generated-admin';

export const announcementApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getAdminAnnouncement: { providesTags: ['Announcement'] },
    saveAnnouncement: { invalidatesTags: ['Announcement'] },
  },
});

export const { useGetAdminAnnouncementQuery, useSaveAnnouncementMutation } = announcementApi;
