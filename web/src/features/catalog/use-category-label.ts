import { useCallback } from 'react';
import { useT, type MessageKey } from '../../lib/i18n';
import { categoryLabel } from './catalog-format';

/** Category names in the shopper's language; a category the dictionaries don't know is shown capitalised. */
export function useCategoryLabel(): (category: string | null | undefined) => string {
  const t = useT();
  return useCallback(
    (category) => {
      if (!category) return '';
      const key = `category.${category}` as MessageKey;
      const text = t(key);
      return text === key ? categoryLabel(category) : text;
    },
    [t],
  );
}
