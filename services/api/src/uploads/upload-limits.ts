/** Every image, whatever its use. Busboy cuts the part off at this size while it streams to disk. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * Decompression-bomb guards, checked on the header before any pixel is decoded. A few hundred KB
 * of PNG can declare hundreds of megapixels; decoding that costs minutes of CPU and gigabytes.
 * 50 megapixels is well past the largest print we sell (50x70cm at 300 dpi is ~41 MP).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** No camera or scanner makes a side longer than this; larger only comes from crafted files. */
export const MAX_IMAGE_SIDE = 20_000;
/** Longer side over shorter side: posters and panoramas stay far below it; 1,000,000 x 100 does not. */
export const MAX_ASPECT_RATIO = 20;

/**
 * Simultaneous sharp pipelines per process. Each decode of a large image holds its pixels in
 * memory, so the number running at once (not the queue's concurrency) is what bounds memory.
 * Thumbnails are background work and get one slot; intake decodes answer a shopper and get two.
 */
export const MAX_INTAKE_PIPELINES = 2;
export const MAX_THUMBNAIL_PIPELINES = 1;
/** libvips threads per pipeline: with the pipeline limits above this bounds the CPU taken from requests. */
export const SHARP_THREADS = 1;
/** libvips operation cache: uploads are decoded once, so caching them only holds memory. */
export const SHARP_CACHE = { memory: 32, files: 0, items: 16 } as const;

export const THUMBNAIL_SIZES = [
  { name: 'small', width: 300, height: 400 },
  { name: 'medium', width: 400, height: 533 },
  { name: 'large', width: 600, height: 800 },
] as const;

/** Multer limits for one image field; the storage engine (IncomingDiskStorage, set for every route by UploadsModule) streams it to disk. */
export const imageUploadOptions = { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 } };

export const MESSAGES = {
  noImage: 'Please select an image to upload.',
  notAnImage: 'Only JPEG, PNG or WebP images are accepted.',
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (for example 8000 x 6000 pixels) are accepted.`,
  sideTooLong: `The image is too large: each side must be at most ${MAX_IMAGE_SIDE} pixels.`,
  badAspectRatio: `The image is too long and narrow: the longer side may be at most ${MAX_ASPECT_RATIO} times the shorter side.`,
  unreadableImage: 'The image could not be read. Please upload a valid JPEG, PNG or WebP file.',
  noSize: 'Please select a poster size.',
  fieldsFirst: 'The form must send size (and quantity) before file: the image is stored only once they are checked.',
  badQuantity: 'Quantity must be at least 1.',
  storageFull: 'The image could not be saved: the server is out of storage space. Please try again later.',
  diskLow: 'The image could not be saved: the server is low on disk space. Please try again later.',
  quotaFull: 'The image could not be saved: the shop has reached its storage limit for uploads. Please try again later.',
  animated: 'Animated images cannot be printed. Please upload a still JPEG, PNG or WebP image.',
  busy: 'The shop is processing many images right now. Please try again in a few seconds.',
  storageUnwritable: 'The image could not be saved: uploads are temporarily unavailable. Please try again later.',
} as const;
