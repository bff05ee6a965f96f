import type { AddOnView } from '../../api/generated-public';
import { toAsciiDigits } from '../../lib/i18n';

const FRAME_WORD = /\bframes?\b|إطار|برواز/i;

/**
 * The add-ons that are frames for a poster size. The catalogue sells frames as plain add-ons
 * (libs/domain/src/catalog/product.decider.ts) with no link to a size, so the frame's own name or
 * description, in either language, has to say which size it fits ('Black Frame … fits 30x40 cm',
 * 'مقاس ٣٠×٤٠ سم'); a frame that names no size is not offered, since it might not fit.
 */
export function framesForSize(products: readonly AddOnView[], size: string | null): AddOnView[] {
  const m = size ? /(\d+)x(\d+)/.exec(size) : null;
  if (!m) return [];
  const fits = new RegExp(`(^|\\D)${m[1]}\\s*[x×]\\s*${m[2]}(\\D|$)`);
  return products.filter((p) => {
    const text = toAsciiDigits(`${p.name} ${p.description} ${p.nameAr ?? ''} ${p.descriptionAr ?? ''}`);
    return FRAME_WORD.test(text) && fits.test(text);
  });
}
