import { CATEGORIES, CATEGORY_NAMES, type Category } from '../../../libs/domain/src/shop-config';

/** The dictionaries' category names, from the domain's one list (CATEGORY_NAMES), in one language. */
export function categoryMessages(language: 'nameEn' | 'nameAr'): Record<`category.${Category}`, string> {
  return Object.fromEntries(CATEGORIES.map((code) => [`category.${code}`, CATEGORY_NAMES[code][language]])) as Record<`category.${Category}`, string>;
}
