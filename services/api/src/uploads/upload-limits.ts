/** Every image, whatever its use. Multer enforces it while streaming, before the body is buffered whole. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Custom posters are printed large: smaller files print blurry (spec section 5). */
export const MIN_CUSTOM_IMAGE_BYTES = 500 * 1024;

/** A decompression bomb guard: 100 megapixels is far past any print size we sell. */
export const MAX_IMAGE_PIXELS = 100_000_000;

export const THUMBNAIL_SIZES = [
  { name: 'small', width: 300, height: 400 },
  { name: 'medium', width: 400, height: 533 },
  { name: 'large', width: 600, height: 800 },
] as const;

/** Multer options for one image field; memory storage so the bytes can be sniffed and decoded before anything is written. */
export const imageUploadOptions = { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 } };

export const MESSAGES = {
  noImage: 'Please select an image to upload.',
  notAnImage: 'Only JPEG, PNG or WebP images are accepted.',
  unreadableImage: 'The image could not be read. Please upload a valid JPEG, PNG or WebP file.',
  tooSmall: 'Image size must be at least 500KB. Need help? Contact us on Instagram @postershop.eg',
  noSize: 'Please select a poster size.',
  badQuantity: 'Quantity must be at least 1.',
} as const;
