import type { CartView } from '../../../api/generated-public';
import { useT } from '../../../lib/i18n';
import { fillTemplate, Money } from '../../../lib/ltr';

export const DEFAULT_FREE_SHIPPING_THRESHOLD = 1499;

/**
 * Progress from the priced cart alone (its threshold and what it says is missing), so the bar
 * and the shipping the server charges never disagree. The server counts catalogue prices
 * (libs/domain/src/pricing/shipping.ts: a discount never takes free shipping away), which the
 * bar says when a discount makes the two sums differ.
 */
export function FreeShippingBar({ cart }: { cart: CartView }) {
  const t = useT();
  const threshold = cart.freeShippingThreshold || DEFAULT_FREE_SHIPPING_THRESHOLD;
  const missing = cart.amountToFreeShipping;
  const discounted = cart.discountFromPromotions + cart.discountFromPromoCode > 0;
  const progress = Math.min(100, Math.round(((threshold - missing) / threshold) * 100));
  return (
    <div className="rounded-xl bg-amber-50 p-3" data-testid="free-shipping">
      <p className="text-sm font-medium text-amber-950">
        {missing > 0 ? (
          fillTemplate(t('cart.freeShippingLeft'), { amount: <Money amount={missing} /> })
        ) : (
          t('cart.freeShippingReached')
        )}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-amber-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={t('cart.freeShippingPercent', { percent: progress })}
        aria-label={t('cart.freeShippingProgress')}
      >
        <div className="h-full rounded-full bg-amber-500 transition-all" style={{ width: `${progress}%` }} />
      </div>
      {missing > 0 && discounted && <p className="mt-2 text-xs text-amber-950">{t('cart.freeShippingRule')}</p>}
    </div>
  );
}
