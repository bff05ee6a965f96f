import type { GalleryImageAdded } from '#domain/content/events.js';
import { GalleryImageEntity } from '#read-models/gallery-image.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const galleryProjection = keyedProjection({
  name: 'gallery',
  version: 1,
  eventTypes: ['GalleryImageAdded', 'GalleryImageRemoved'],
  table: tableSpec(GalleryImageEntity),
  keyOf: (e) => dataOf<GalleryImageAdded['data']>(e).imageId,
  apply(_row, e) {
    const d = dataOf<GalleryImageAdded['data']>(e);
    return e.type === 'GalleryImageAdded' ? { id: d.imageId, image_url: d.imageUrl, added_at: occurredAt(e) } : null;
  },
});
