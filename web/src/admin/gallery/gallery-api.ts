import { generatedApi } from '../../api/generated-admin';
import type { GalleryImageView } from '../../api/generated-public';

export type GalleryImage = GalleryImageView;

export const adminGalleryApi = generatedApi
  .enhanceEndpoints({ endpoints: { deleteGalleryImage: { invalidatesTags: ['Gallery'] } } })
  // Multipart, which the generated endpoint (a JSON body) cannot send: the file part named file, and the captions beside it.
  .injectEndpoints({
    overrideExisting: true,
    endpoints: (build) => ({
      uploadGalleryImage: build.mutation<unknown, { file: File; caption: string; captionAr: string }>({
        query: ({ file, caption, captionAr }) => {
          const form = new FormData();
          form.append('caption', caption);
          form.append('captionAr', captionAr);
          form.append('file', file, file.name);
          return { url: 'gallery/upload', method: 'POST', body: form };
        },
        invalidatesTags: ['Gallery'],
      }),
    }),
  });

export const { useUploadGalleryImageMutation, useDeleteGalleryImageMutation } = adminGalleryApi;
