import { GalleryImageEntity } from '../gallery-image.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const galleryProjection = keyedProjection({
  name: 'gallery',
  version: 1,
  eventTypes: ['GalleryImageAdded', 'GalleryImageRemoved'],
  table: GalleryImageEntity,
  keyOf: (e) => e.data.imageId,
  apply(_row, e) {
    if (e.type !== 'GalleryImageAdded') return null;
    const d = e.data;
    return { id: d.imageId, image_url: d.imageUrl, caption: d.caption ?? '', caption_ar: d.captionAr ?? '', added_at: occurredAt(e) };
  },
});
