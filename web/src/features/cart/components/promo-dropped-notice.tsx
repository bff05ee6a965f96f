import type { PromoDroppedView } from '../../../api/generated-public';
import { useLocale, useT } from '../../../lib/i18n';
import { fillTemplate, Ltr } from '../../../lib/ltr';
import { promoDroppedText } from '../../../lib/server-refusal-text';

/**
 * The cart still holds a code that no longer applies (it ended, its uses ran out, the cart fell
 * below its minimum or lost its category): say which and why, never drop it silently.
 */
export function PromoDroppedNotice({ dropped, children }: { dropped: PromoDroppedView; children?: React.ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div role="status" className="flex items-start justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="promo-dropped">
      <span>
        {fillTemplate(t('checkout.promoDropped'), {
          code: <Ltr className="font-bold" lang="en">{dropped.code}</Ltr>,
          reason: promoDroppedText(dropped, t, locale),
        })}
      </span>
      {children}
    </div>
  );
}
