/**
 * The pixels a picked image really has, as the browser's decoder reads them (orientation
 * applied), or null when it cannot read the file: the server reads them again and decides, this
 * only warns early. An <img> learns its size from the file's header and decodes the pixels only
 * to paint them, so a decompression bomb costs nothing here.
 */
export function imagePixels(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof Image !== 'function' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    img.onload = () => done(img.naturalWidth > 0 && img.naturalHeight > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => done(null);
    img.src = url;
  });
}
