import { RENDITION_WIDTHS, renditionPath } from '../../../libs/domain/src/catalog/image-renditions';

/**
 * Image references: a relative path lives in the backend's uploads area (/uploads/{path});
 * absolute http(s), data:image and blob: URLs are used as they are.
 */
export function resolveImageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  const p = path.trim();
  if (!p) return null;
  if (/^https?:\/\//i.test(p) || p.startsWith('data:image') || p.startsWith('blob:')) return p;
  if (p.startsWith('/uploads/')) return p;
  return `/uploads/${p.replace(/^\/+/, '').replace(/^uploads\//, '')}`;
}

export { ZOOM_WIDTH } from '../../../libs/domain/src/catalog/image-renditions';

/** The rendition of a resolved /uploads/ image at one width, or null for images from elsewhere. */
export function renditionUrl(resolved: string, width: number): string | null {
  return resolved.startsWith('/uploads/') ? renditionPath(resolved, width) : null;
}

/** srcset over every rendition, or undefined when the image has none (external URL, blob: preview). */
export function renditionSrcSet(resolved: string): string | undefined {
  if (!renditionUrl(resolved, RENDITION_WIDTHS[0])) return undefined;
  return RENDITION_WIDTHS.map((w) => `${renditionUrl(resolved, w)} ${w}w`).join(', ');
}

/** A second chance for an image that failed once: same URL with a cache-busting suffix. */
export function withCacheBust(url: string): string {
  if (url.startsWith('data:') || url.startsWith('blob:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}`;
}

export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 300 400'%3E%3Crect width='300' height='400' fill='%23e7e5e4'/%3E%3Crect x='90' y='130' width='120' height='140' rx='6' fill='none' stroke='%23a8a29e' stroke-width='6'/%3E%3Ccircle cx='130' cy='175' r='14' fill='%23a8a29e'/%3E%3Cpath d='M96 262l46-50 30 30 18-18 20 38z' fill='%23a8a29e'/%3E%3C/svg%3E";
