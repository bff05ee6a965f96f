import { api } from '../../lib/api';

export const announcementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAnnouncement: build.query<string, void>({
      query: () => ({ url: 'admin/announcement', responseHandler: 'content-type' }),
      // The answer may be the bare text or an object with text.
      transformResponse: (answer: unknown) =>
        typeof answer === 'string' ? answer : String((answer as { text?: unknown } | null)?.text ?? ''),
      providesTags: ['Announcement'],
    }),
    saveAnnouncement: build.mutation<unknown, string>({
      query: (text) => ({ url: 'admin/announcement', method: 'POST', body: { text } }),
      invalidatesTags: ['Announcement'],
    }),
  }),
});

export const { useGetAdminAnnouncementQuery, useSaveAnnouncementMutation } = announcementApi;
