import type { CartView } from '../../../api/generated-public';
import { useT } from '../../../lib/i18n';
import { fillTemplate, Money } from '../../../lib/ltr';
import { useGetPublicConfigQuery } from '../../catalog/catalog-api';

export const DEFAULT_FREE_SHIPPING_THRESHOLD = 1499;

export function FreeShippingBar({ cart }: { cart: CartView }) {
  const t = useT();
  const { data: config } = useGetPublicConfigQuery();
  const threshold = config?.freeShippingThreshold ?? DEFAULT_FREE_SHIPPING_THRESHOLD;
  const missing = cart.amountToFreeShipping;
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
        aria-label="Free shipping progress"
      >
        <div className="h-full rounded-full bg-amber-500 transition-all" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
