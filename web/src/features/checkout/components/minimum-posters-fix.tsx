import type { CartView } from '../../../api/generated-public';
import { errorMessage } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { MinusIcon, PlusIcon } from '../../../lib/icons';
import { useToast } from '../../../lib/toast';
import { useUpdateCartItemMutation } from '../../cart/cart-api';

/**
 * Why Place Order is disabled, right above it, with the quantity of each poster there to fix it
 * (outside the exempt governorates an order needs two posters).
 */
export function MinimumPostersFix({ cart, governorateName }: { cart: CartView; governorateName: string }) {
  const t = useT();
  const toast = useToast();
  const [updateItem, update] = useUpdateCartItemMutation();
  const posters = cart.items.filter((i) => i.kind !== 'addon' && i.available);
  const change = async (itemId: string, quantity: number, size: string | null) => {
    try {
      await updateItem({ itemId, updateCartItemDto: { quantity, size: size ?? undefined } }).unwrap();
    } catch (e) {
      toast.error(errorMessage(e, t('cart.updateFailed')));
    }
  };
  return (
    <div role="alert" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-950" data-testid="min-posters-warning">
      <p className="font-medium">{t('checkout.minPostersFix', { governorate: governorateName, count: cart.posterCount })}</p>
      <ul className="mt-2 space-y-2" aria-label={t('checkout.morePosters')}>
        {posters.map((item) => {
          const name = item.posterName || t('cart.custom');
          return (
            <li key={item.itemId} className="flex items-center justify-between gap-2">
              <span dir="auto" className="min-w-0 truncate">
                {name}
              </span>
              <span className="flex flex-none items-center rounded-full border border-amber-300 bg-white">
                <button
                  type="button"
                  className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-amber-100 disabled:opacity-40"
                  aria-label={`${t('poster.decrease')}: ${name}`}
                  disabled={update.isLoading || item.quantity <= 1}
                  onClick={() => void change(item.itemId, item.quantity - 1, item.size)}
                >
                  <MinusIcon className="h-4 w-4" />
                </button>
                <span className="w-8 text-center font-semibold" aria-live="polite" data-testid="fix-quantity">
                  {item.quantity}
                </span>
                <button
                  type="button"
                  className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-amber-100 disabled:opacity-40"
                  aria-label={`${t('poster.increase')}: ${name}`}
                  disabled={update.isLoading}
                  onClick={() => void change(item.itemId, item.quantity + 1, item.size)}
                >
                  <PlusIcon className="h-4 w-4" />
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
