import type { CartView } from '../../../api/generated-public';
import { refusalText } from '../../../lib/server-refusal-text';
import { catalogueText } from '../../../lib/catalogue-text';
import { useLocale, useT } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useUpdateCartItemMutation } from '../../cart/cart-api';
import { LineQuantityStepper } from '../../cart/components/line-quantity-stepper';

/**
 * Why Place Order is disabled, right above it, with the quantity of each poster there to fix it
 * (outside the exempt governorates an order needs two posters).
 */
export function MinimumPostersFix({ cart, governorateName, exemptNames }: { cart: CartView; governorateName: string; exemptNames: string }) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const [updateItem, update] = useUpdateCartItemMutation();
  const posters = cart.items.filter((i) => i.kind !== 'addon' && i.available);
  const change = async (itemId: string, quantity: number, size: string | null) => {
    try {
      await updateItem({ itemId, updateCartItemDto: { quantity, size: size ?? undefined } }).unwrap();
    } catch (e) {
      toast.error(refusalText(e, t, t('cart.updateFailed')));
    }
  };
  return (
    <div role="alert" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-950" data-testid="min-posters-warning">
      <p className="font-medium">{t('checkout.minPostersFix', { governorate: governorateName, count: cart.posterCount, exempt: exemptNames })}</p>
      <ul className="mt-2 space-y-2" aria-label={t('checkout.morePosters')}>
        {posters.map((item) => {
          // The poster's name in the page's language (a custom poster's is the shop's own).
          const name = catalogueText(locale, item.posterName || t('cart.custom'), item.posterNameAr);
          return (
            <li key={item.itemId} className="flex items-center justify-between gap-2">
              <span id={`fix-name-${item.itemId}`} dir="auto" lang={name.lang} className="min-w-0 truncate">
                {name.text}
              </span>
              <LineQuantityStepper nameId={`fix-name-${item.itemId}`} quantity={item.quantity} busy={update.isLoading} onQuantity={(q) => void change(item.itemId, q, item.size)} className="border-amber-300" testId="fix-quantity" />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
