import type { CartItemView } from '../../../api/generated-public';
import { catalogueText } from '../../../lib/catalogue-text';
import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/numbers';
import { TrashIcon } from '../../../lib/icons';
import { useId } from 'react';
import { Money } from '../../../lib/ltr';
import { SmartImage } from '../../../lib/smart-image';
import { sizeLabel } from '../../catalog/catalog-format';
import { PriceExplanation } from './price-explanation';
import { LineQuantityStepper } from './line-quantity-stepper';

interface Props {
  item: CartItemView;
  busy?: boolean;
  onQuantity?: (quantity: number) => void;
  onRemove?: () => void;
}

/** One cart line; without handlers it is read-only (checkout's Order Items). */
export function CartLine({ item, busy, onQuantity, onRemove }: Props) {
  const t = useT();
  const locale = useLocale();
  // The name in the page's language, or the other one (marked with its lang) when the shop wrote only that.
  const shown = catalogueText(locale, item.posterName, item.posterNameAr);
  const name = shown.text || (item.customImagePath ? t('cart.custom') : '');
  const lang = shown.text ? shown.lang : undefined;
  // The line's buttons are named by this element (with its language), not by an aria-label.
  const nameId = useId();
  const removeId = useId();
  const image = item.imageUrl ?? item.customImagePath;
  const hasDiscount = item.originalPrice > item.price;
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <SmartImage src={image} alt={name} lang={lang} width={72} height={96} className="h-24 w-[72px] flex-none rounded-md bg-stone-200 object-cover" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p id={nameId} dir="auto" lang={lang} className="truncate font-medium">
              {name}
            </p>
            {item.size && <p className="text-sm text-stone-500">{sizeLabel(item.size, locale)}</p>}
          </div>
          <p className="text-end text-sm font-semibold">
            <Money amount={item.subtotal} />
          </p>
        </div>
        <p className="text-xs text-stone-500">
          <Money amount={item.price} /> {t('checkout.each')}
          {hasDiscount && (
            <>
              {' '}
              <s className="ms-1 text-stone-600">
                <Money amount={item.originalPrice} />
              </s>
            </>
          )}
        </p>
        <PriceExplanation rules={item.priceRules} />
        {!item.available && (
          <p className="text-xs font-medium text-rose-700" role="note">
            {item.unavailableMessage ?? t('poster.sizeGone')}
          </p>
        )}
        {onQuantity ? (
          <div className="mt-auto flex items-center justify-between pt-2">
            <LineQuantityStepper nameId={nameId} quantity={item.quantity} busy={busy} onQuantity={onQuantity} />
            <button
              type="button"
              onClick={onRemove}
              disabled={busy}
              className="flex items-center gap-1 rounded-full px-2 py-1 text-sm text-stone-500 hover:bg-rose-50 hover:text-rose-700"
              aria-labelledby={`${removeId} ${nameId}`}
            >
              <TrashIcon className="h-4 w-4" />
              <span id={removeId} className="hidden sm:inline">
                {t('cart.remove')}
              </span>
            </button>
          </div>
        ) : (
          <p className="mt-auto text-sm text-stone-600">
            {t('common.quantity')}: <bdi>{formatNumber(item.quantity, locale)}</bdi>
          </p>
        )}
      </div>
    </li>
  );
}
