import type { AddOnView } from '../../../api/generated-public';
import { refusalText } from '../../../lib/server-refusal-text';
import { useLocale, useT } from '../../../lib/i18n';
import { catalogueText } from '../../../lib/catalogue-text';
import { Money } from '../../../lib/ltr';
import { SmartImage } from '../../../lib/smart-image';
import { useToast } from '../../../lib/toast';
import { trackEvent } from '../../../lib/pixel';
import { useAppDispatch } from '../../../app/store';
import { setCartOpen } from '../../../app/ui-slice';
import { useAddToCartMutation } from '../../cart/cart-api';

export function AddonCard({ product }: { product: AddOnView }) {
  const t = useT();
  const locale = useLocale();
  const name = catalogueText(locale, product.name, product.nameAr);
  const description = catalogueText(locale, product.description, product.descriptionAr);
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const add = async () => {
    try {
      await addToCart({ productId: product.id, quantity: 1 }).unwrap();
      trackEvent('AddToCart', { content_ids: [product.id], value: product.price });
      toast.success(t('poster.added'), name.text);
      dispatch(setCartOpen(true));
    } catch (e) {
      toast.error(refusalText(e, t, t('poster.addFailed')));
    }
  };
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-900/5" data-testid="addon-card">
      <SmartImage src={product.imageUrl} alt={name.text} width={300} height={300} sizes="(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw" className="aspect-square h-auto w-full bg-stone-100 object-cover" />
      <div className="flex flex-1 flex-col p-4">
        <h3 dir="auto" lang={name.lang} className="font-semibold">{name.text}</h3>
        <p dir="auto" lang={description.lang} className="mt-1 line-clamp-3 text-sm text-stone-600">{description.text}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-4">
          <Money amount={product.price} className="font-semibold" />
          <button
            type="button"
            onClick={add}
            disabled={isLoading}
            className="rounded-full bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-50"
          >
            {isLoading ? t('poster.adding') : t('shop.addToCart')}
          </button>
        </div>
      </div>
    </article>
  );
}
