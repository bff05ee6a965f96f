import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { setCartOpen } from '../../../app/ui-slice';
import { refusalText } from '../../../lib/server-refusal-text';
import { useT } from '../../../lib/i18n';
import { Money } from '../../../lib/ltr';
import { DrawerToast, useToast } from '../../../lib/toast';
import { Sheet, SheetCloseButton } from '../../../lib/sheet';
import { useGetCartQuery, useRemoveCartItemMutation, useUpdateCartItemMutation } from '../cart-api';
import type { CartView } from '../../../api/generated-public';
import { round2 } from '../cart-math';
import { CartLine } from './cart-line';
import { FreeShippingBar } from './free-shipping-bar';
import { PromoDroppedNotice } from './promo-dropped-notice';

/**
 * The server's priced cart as it is: the catalogue subtotal, what the discounts take off, and
 * the items total the lines above add up to (never a subtotal that contradicts them).
 */
function DrawerTotals({ cart }: { cart: CartView }) {
  const t = useT();
  const discounts = round2(cart.discountFromPromotions + cart.discountFromPromoCode);
  const itemsTotal = round2(cart.subtotal - discounts);
  return (
    <dl className="mb-4 space-y-1" data-testid="drawer-totals">
      {discounts > 0 && (
        <>
          <div className="flex items-center justify-between text-sm text-stone-600">
            <dt>{t('cart.subtotal')}</dt>
            <dd><Money amount={cart.subtotal} /></dd>
          </div>
          <div className="flex items-center justify-between text-sm text-emerald-800">
            <dt>{t('cart.discounts')}</dt>
            <dd data-testid="drawer-discounts"><Money amount={discounts} negative /></dd>
          </div>
        </>
      )}
      <div className="flex items-center justify-between text-lg">
        <dt>{discounts > 0 ? t('cart.itemsTotal') : t('cart.subtotal')}</dt>
        <dd data-testid="drawer-items-total"><Money amount={itemsTotal} className="font-semibold" /></dd>
      </div>
    </dl>
  );
}

export function CartDrawer() {
  const t = useT();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.cartOpen);
  const { data: answer, isError, refetch, isFetching } = useGetCartQuery(undefined);
  const cart = answer?.cart;
  const [updateItem, update] = useUpdateCartItemMutation();
  const [removeItem, removal] = useRemoveCartItemMutation();
  const close = () => dispatch(setCartOpen(false));

  // The cart refreshes whenever the drawer opens.
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  useEffect(() => {
    if (open && isError) toast.error(t('cart.loadFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, isError]);

  if (!open) return null;
  const busy = update.isLoading || removal.isLoading;
  const items = cart?.items ?? [];

  const changeQuantity = async (itemId: string, quantity: number, size: string | undefined) => {
    try {
      await updateItem({ itemId, updateCartItemDto: { quantity, size } }).unwrap();
    } catch (e) {
      toast.error(refusalText(e, t, t('cart.updateFailed')));
    }
  };
  const remove = async (itemId: string) => {
    try {
      await removeItem(itemId).unwrap();
      toast.success(t('cart.removed'));
    } catch (e) {
      toast.error(refusalText(e, t, t('cart.removeFailed')));
    }
  };

  return (
    <Sheet side="end" onClose={close} labelledBy="cart-title" className="w-full max-w-md shadow-2xl" testId="cart-drawer">
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
        <h2 id="cart-title" className="text-lg font-semibold">
          {t('cart.title')}
        </h2>
        <SheetCloseButton label={t('cart.close')} onClose={close} />
      </div>
      <DrawerToast />
      {items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <p className="text-lg text-stone-600">{isFetching && !cart ? t('common.loading') : t('cart.empty')}</p>
          <Link to="/shop" onClick={close} className="rounded-full bg-stone-900 px-6 py-3 font-medium text-white hover:bg-stone-700">
            {t('cart.continue')}
          </Link>
        </div>
      ) : (
        <>
          <div className="px-5 pt-4">{cart && <FreeShippingBar cart={cart} />}</div>
          <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto px-5">
            {items.map((item) => (
              <CartLine
                key={item.itemId}
                item={item}
                busy={busy}
                onQuantity={(q) => changeQuantity(item.itemId, q, item.size ?? undefined)}
                onRemove={() => remove(item.itemId)}
              />
            ))}
          </ul>
          <div className="border-t border-stone-200 px-5 py-4">
            {cart?.promoDropped && (
              <div className="mb-3">
                <PromoDroppedNotice dropped={cart.promoDropped} />
              </div>
            )}
            {cart && <DrawerTotals cart={cart} />}
            <Link
              to="/checkout"
              onClick={close}
              className="block rounded-full bg-stone-900 py-3 text-center font-semibold text-white hover:bg-stone-700"
              data-testid="drawer-checkout"
            >
              {t('cart.checkout')}
            </Link>
          </div>
        </>
      )}
    </Sheet>
  );
}
