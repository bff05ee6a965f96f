import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTrackOrderMutation, type OrderTrackingView } from '../../../api/generated-public';
import { langIfOther } from '../../../lib/catalogue-text';
import { useLocale, useT, type MessageKey } from '../../../lib/i18n';
import { fillTemplate, Ltr, Money } from '../../../lib/ltr';
import { TrackingTimeline } from '../components/tracking-timeline';
import { rememberedOrder } from '../remembered-order';

const input = 'w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20';

/** What went wrong, in the shopper's language: a miss is one message whichever half was wrong. */
function errorKey(status: unknown): MessageKey {
  if (status === 404) return 'track.notFound';
  if (status === 429) return 'track.tooMany';
  if (status === 400) return 'track.invalid';
  return 'track.failed';
}

/**
 * /track: order number + phone → where the order is. The order number may come in the link
 * (?order=); the phone never does: the order this tab placed fills the form from session storage.
 */
export function TrackPage() {
  const t = useT();
  const [params] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(params.get('order') ?? '');
  const [phone, setPhone] = useState('');
  const [track, { data, error, isLoading, reset }] = useTrackOrderMutation();
  const status = error && 'status' in error ? error.status : undefined;
  // After hydration: the server renders the form empty, as it has no session storage.
  useEffect(() => {
    const remembered = rememberedOrder();
    const linked = params.get('order');
    if (!remembered || (linked && linked !== remembered.orderNumber)) return;
    setOrderNumber((typed) => typed || remembered.orderNumber);
    setPhone((typed) => typed || remembered.phone);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset();
    void track({ orderNumber, phone });
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-display text-3xl font-bold">{t('track.title')}</h1>
      <p className="mt-2 text-stone-600">{t('track.intro')}</p>
      <form onSubmit={submit} className="mt-6 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-900/5" aria-label={t('track.title')}>
        <div>
          <label htmlFor="track-order" className="mb-1 block text-sm font-medium text-stone-700">{t('track.orderNumber')}</label>
          <input id="track-order" name="orderNumber" required maxLength={40} dir="ltr" autoComplete="off" placeholder="PS-XXXX-XXXX"
            className={`${input} font-mono rtl:text-end`} value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} />
        </div>
        <div>
          <label htmlFor="track-phone" className="mb-1 block text-sm font-medium text-stone-700">{t('track.phone')}</label>
          <input id="track-phone" name="phone" required maxLength={40} dir="ltr" type="tel" inputMode="tel" autoComplete="tel"
            className={`${input} rtl:text-end`} value={phone} onChange={(e) => setPhone(e.target.value)} />
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{t(errorKey(status))}</p>
        )}
        <button type="submit" disabled={isLoading} className="w-full rounded-full bg-stone-900 px-6 py-3 font-semibold text-white disabled:opacity-60">
          {isLoading ? t('common.loading') : t('track.submit')}
        </button>
      </form>
      {data && <TrackedOrder order={data} />}
    </div>
  );
}

function TrackedOrder({ order }: { order: OrderTrackingView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="tracked-title" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-900/5" data-testid="tracked-order">
      <h2 id="tracked-title" className="text-xl font-bold">
        {/* The name as the shopper typed it: marked when its script is the other language's. */}
        {fillTemplate(t('track.hello'), { name: <bdi lang={langIfOther(order.firstName, locale)} data-customer-input>{order.firstName}</bdi> })}
      </h2>
      <p className="mt-1 text-stone-600">
        {t('track.summary', { city: order.city, count: order.itemCount })}{' '}
        <Ltr className="font-mono" lang="en">{order.orderNumber}</Ltr> · <Money amount={order.total} />
        {order.paymentMethod === 'COD' && <> · {t('track.cod')}</>}
      </p>
      {order.courierTracking && (
        <p className="mt-2 text-sm text-stone-700" data-testid="courier-tracking">
          {fillTemplate(t('track.courier'), { courier: <bdi>{order.courierTracking.courier}</bdi>, tracking: <Ltr className="font-mono" lang="en">{order.courierTracking.trackingNumber}</Ltr> })}
          {order.courierTracking.url && (
            <>
              {' · '}
              {/* The courier's own page: a new tab, and it learns nothing about where the shopper came from. */}
              <a href={order.courierTracking.url} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-700 underline">
                {t('track.courierLink', { courier: order.courierTracking.courier })}
              </a>
            </>
          )}
        </p>
      )}
      <TrackingTimeline timeline={order.timeline} />
    </section>
  );
}
