import { RENDITION_WIDTHS } from '#domain/catalog/image-renditions.js';
import type { FileStorage } from '#platform/storage/file-storage.port.js';
import { renditionKey } from './renditions.js';
import { thumbnailKey } from './thumbnails.js';
import { forgetOwner } from './upload-owners.js';
import { THUMBNAIL_SIZES } from './upload-limits.js';

/**
 * Removes a shopper's upload with its thumbnails, renditions and owner note. Derived files first:
 * an interrupted removal leaves an original that the next one (or the orphan sweep) finds again.
 */
export async function deleteUpload(storage: Pick<FileStorage, 'delete'>, uploadsDir: string, key: string): Promise<void> {
  const derived = [...THUMBNAIL_SIZES.map((size) => thumbnailKey(key, size)), ...RENDITION_WIDTHS.map((width) => renditionKey(key, width))];
  for (const file of derived) await storage.delete(file);
  await storage.delete(key);
  await forgetOwner(uploadsDir, key);
}
