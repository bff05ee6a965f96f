import type { GalleryImageAdded } from '#domain/content/events.js';
import type { TableSpec } from '../runner/bulk-sql.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const GALLERY_TABLE: TableSpec = {
  name: 'gallery_images',
  key: ['id'],
  columns: { id: 'text', image_url: 'text', added_at: 'timestamptz' },
};

export const galleryProjection = keyedProjection({
  name: 'gallery',
  version: 1,
  eventTypes: ['GalleryImageAdded', 'GalleryImageRemoved'],
  table: GALLERY_TABLE,
  keyOf: (e) => dataOf<GalleryImageAdded['data']>(e).imageId,
  apply(_row, e) {
    const d = dataOf<GalleryImageAdded['data']>(e);
    return e.type === 'GalleryImageAdded' ? { id: d.imageId, image_url: d.imageUrl, added_at: occurredAt(e) } : null;
  },
});
