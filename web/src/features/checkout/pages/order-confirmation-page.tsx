import { Link, Navigate, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';
import { Ltr } from '../../../lib/ltr';
import { SHOP } from '../../../lib/shop-info';

export function OrderConfirmationPage() {
  const t = useT();
  const { state } = useLocation();
  const orderNumber = (state as { orderNumber?: string } | null)?.orderNumber;
  if (!orderNumber) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700">
        ✓
      </span>
      <h1 className="mt-6 font-display text-4xl font-bold">{t('confirm.title')}</h1>
      <p className="mt-3 text-stone-600">{t('confirm.text')}</p>
      <div className="mt-8 rounded-2xl border-2 border-dashed border-stone-300 px-8 py-5">
        <p className="text-sm text-stone-500">{t('confirm.number')}</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-wider" data-testid="order-number">
          <Ltr>{orderNumber}</Ltr>
        </p>
      </div>
      <Link to={`/track?order=${encodeURIComponent(orderNumber)}`} className="mt-6 font-medium underline" data-testid="track-link">
        {t('confirm.track')}
      </Link>
      <Link to="/" className="mt-8 rounded-full bg-stone-900 px-6 py-3 font-semibold text-white">
        {t('confirm.home')}
      </Link>
      <p className="mt-6 text-sm text-stone-600">
        {t('confirm.contact')}{' '}
        <a href={`mailto:${SHOP.email}`} className="font-medium underline">
          <Ltr>{SHOP.email}</Ltr>
        </a>
      </p>
    </div>
  );
}
