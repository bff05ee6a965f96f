import { useSyncExternalStore } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { langIfOther } from '../../../lib/catalogue-text';
import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/numbers';
import { Ltr, Money } from '../../../lib/ltr';
import { SHOP } from '../../../lib/shop-info';
import { sizeLabel } from '../../catalog/catalog-format';
import { OrderSummary, type SummaryFigures } from '../components/order-summary';
import { rememberedConfirmation } from '../remembered-confirmation';

/** What checkout hands this page in the history entry and keeps in the tab's session storage (never in the URL). */
export interface OrderRecap {
  items: { name: string; size: string | null; quantity: number; subtotal: number }[];
  /** Name, street, building and flat, city, governorate, phone: one line each. */
  address: string[];
  cashToPay: number;
  /** How the total is made, as the order recorded it: it adds up on screen. Absent in a recap kept from before it was. */
  figures?: SummaryFigures;
  promoCode?: string | null;
}

const noSubscription = () => () => {};

export function OrderConfirmationPage() {
  const t = useT();
  const locale = useLocale();
  const { state } = useLocation();
  const handed = (state as { orderNumber?: string; recap?: OrderRecap } | null) ?? {};
  const orderNumber = useParams().orderNumber ?? handed.orderNumber;
  // The recap names and locates the shopper: only the tab that placed the order has it (history
  // state, or its session storage after a reload). The server renders without it, so it is read
  // once hydrated (false during hydration, true after).
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!orderNumber) return <Navigate to="/" replace />;
  const recap = inBrowser ? ((handed.orderNumber === orderNumber ? handed.recap : undefined) ?? rememberedConfirmation(orderNumber)) : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700">
        ✓
      </span>
      <h1 className="mt-6 font-display text-4xl font-bold">{t('confirm.title')}</h1>
      <p className="mt-3 text-stone-600">{t('confirm.text')}</p>
      <div className="mt-8 rounded-2xl border-2 border-dashed border-stone-300 px-8 py-5">
        <p className="text-sm text-stone-600">{t('confirm.number')}</p>
        <p className="mt-1 whitespace-nowrap font-mono text-2xl font-bold tracking-wider sm:text-3xl" data-testid="order-number">
          <Ltr lang="en">{orderNumber}</Ltr>
        </p>
      </div>
      {recap && (
        <section aria-labelledby="recap-title" className="mt-8 w-full rounded-2xl bg-white p-5 text-start shadow-sm ring-1 ring-stone-900/5" data-testid="order-recap">
          <h2 id="recap-title" className="text-xl font-semibold">
            {t('confirm.recap')}
          </h2>
          <h3 className="mt-4 text-sm font-semibold text-stone-600">{t('confirm.items')}</h3>
          <ul className="divide-y divide-stone-200" data-testid="recap-items">
            {recap.items.map((item, i) => (
              <li key={i} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0">
                  <bdi className="font-medium" lang={langIfOther(item.name, locale)}>{item.name}</bdi>
                  {item.size && <span className="text-stone-600"> · <bdi>{sizeLabel(item.size, locale)}</bdi></span>}
                  <span className="text-stone-600"> × <bdi>{formatNumber(item.quantity, locale)}</bdi></span>
                </span>
                <Money amount={item.subtotal} />
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-sm font-semibold text-stone-600">{t('confirm.address')}</h3>
          {/* What the shopper typed (the building and flat lines carry the shop's labels around their numbers). */}
          <address className="not-italic" data-testid="recap-address" data-customer-input>
            {recap.address.map((line, i) => (
              <p key={i} dir="auto" lang={langIfOther(line, locale)}>
                {line}
              </p>
            ))}
          </address>
          {recap.figures && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-stone-600">{t('confirm.breakdown')}</h3>
              <OrderSummary figures={recap.figures} promoCode={recap.promoCode ?? null} />
            </>
          )}
          <p className="mt-4 flex items-center justify-between gap-3 border-t border-stone-200 pt-3 text-lg font-bold" data-testid="recap-cash">
            <span>{t('confirm.payCash')}</span>
            <Money amount={recap.cashToPay} />
          </p>
        </section>
      )}
      {inBrowser && !recap && (
        <p className="mt-6 max-w-md text-sm text-stone-600" data-testid="recap-elsewhere">
          {t('confirm.elsewhere')}
        </p>
      )}
      <Link to={`/track?order=${encodeURIComponent(orderNumber)}`} className="mt-6 font-medium underline" data-testid="track-link">
        {t('confirm.track')}
      </Link>
      <Link to="/" className="mt-8 rounded-full bg-stone-900 px-6 py-3 font-semibold text-white">
        {t('confirm.home')}
      </Link>
      <p className="mt-6 text-sm text-stone-600">
        {t('confirm.contact')}{' '}
        <a href={`mailto:${SHOP.email}`} className="font-medium underline">
          <Ltr lang="en">{SHOP.email}</Ltr>
        </a>
      </p>
    </div>
  );
}
