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
    return e.type === 'GalleryImageAdded' ? { id: e.data.imageId, image_url: e.data.imageUrl, added_at: occurredAt(e) } : null;
  },
});
