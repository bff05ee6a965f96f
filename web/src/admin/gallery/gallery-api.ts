import type { GalleryImageView } from '../../api/generated';
import { api } from '../../lib/api';

export type GalleryImage = GalleryImageView;

export const adminGalleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminGallery: build.query<GalleryImageView[], void>({
      query: () => 'gallery',
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
