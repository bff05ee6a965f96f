import type { PriceRuleView } from '../../../api/generated-public';
import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n';
import { fillTemplate, Ltr } from '../../../lib/ltr';

/**
 * Why this price: the rules that priced a line ("−15% Anime", "FOLLOW10 −10%", "Free shipping"),
 * as the server recorded them. The base price alone explains nothing, so it shows nothing.
 */
export function PriceExplanation({ rules }: { rules: readonly PriceRuleView[] | undefined }) {
  const t = useT();
  const shown = (rules ?? []).filter((r) => r.rule !== 'BASE_PRICE');
  if (shown.length === 0) return null;
  const text = (r: PriceRuleView): ReactNode => {
    switch (r.rule) {
      case 'CATEGORY_DISCOUNT':
        return r.category
          ? t('price.categoryDiscount', { percent: r.percent ?? 0, category: t(`category.${r.category}` as MessageKey) })
          : t('price.shopDiscount', { percent: r.percent ?? 0 });
      case 'PROMO_CODE':
        // The code as the shopper types it: Latin letters, marked so on Arabic pages.
        return fillTemplate(t('price.promoCode', { percent: r.percent ?? 0 }), { code: <Ltr lang="en">{r.code ?? ''}</Ltr> });
      default:
        return t('price.freeShipping');
    }
  };
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('price.why')} data-testid="price-explanation">
      {shown.map((r, i) => (
        <li key={i} className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
          {text(r)}
        </li>
      ))}
    </ul>
  );
}
