import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface GalleryImage {
  id: string;
  imageUrl: string;
}

export const adminGalleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminGallery: build.query<GalleryImage[], void>({
      query: () => 'gallery',
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((g) => ({ id: String(g.id ?? g.imageId), imageUrl: String(g.imageUrl ?? g.url ?? '') })),
      providesTags: ['Gallery'],
    }),
    uploadGalleryImage: build.mutation<unknown, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: 'gallery/upload', method: 'POST', body: form };
      },
      invalidatesTags: ['Gallery'],
    }),
    deleteGalleryImage: build.mutation<unknown, string>({
      query: (id) => ({ url: `gallery/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Gallery'],
    }),
  }),
});

export const { useGetAdminGalleryQuery, useUploadGalleryImageMutation, useDeleteGalleryImageMutation } = adminGalleryApi;
