import { SCREENING_FLAG_LABELS, type OrderScreeningViewFlag } from '../../../../libs/domain/src/order-screening/screening-flags';
import type { AdminOrder } from './order-model';

const TONE: Record<OrderScreeningViewFlag, string> = {
  PHONE_BLOCKED: 'bg-red-100 text-red-800 ring-red-200',
  NEEDS_REVIEW: 'bg-red-100 text-red-800 ring-red-200',
  LIKELY_DUPLICATE: 'bg-amber-50 text-amber-800 ring-amber-200',
  LARGE_FIRST_ORDER: 'bg-sky-50 text-sky-800 ring-sky-200',
  MANY_ORDERS_FROM_PHONE: 'bg-orange-50 text-orange-800 ring-orange-200',
};

const TITLE: Record<OrderScreeningViewFlag, string> = {
  PHONE_BLOCKED: 'The phone this order came from was blocked after it was placed: review before calling to confirm',
  NEEDS_REVIEW: 'This phone refused parcels at the door past the threshold set on the Order Screening page: review before calling to confirm',
  LIKELY_DUPLICATE: 'The same customer ordered the same lines a short time before',
  LARGE_FIRST_ORDER: 'A first order from a new phone above the threshold: confirm before printing',
  MANY_ORDERS_FROM_PHONE: 'More orders from this phone within an hour than the number set on the Order Screening page: anyone can type a phone, so confirm before printing',
};

/** The fake-order defence's flags on an order, by name; nothing when it has none. On a phone a long flag wraps, so the table's Total stays on screen. */
export function ScreeningBadges({ screening }: { screening: AdminOrder['screening'] | undefined }) {
  if (!screening || screening.flags.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="screening-flags">
      {screening.flags.map((flag) => (
        <span
          key={flag}
          data-flag={flag}
          className={`inline-block rounded-xl px-2 py-0.5 sm:whitespace-nowrap sm:rounded-full text-xs font-medium ring-1 ${TONE[flag]}`}
          title={TITLE[flag]}
        >
          {SCREENING_FLAG_LABELS[flag]}
          {flag === 'LIKELY_DUPLICATE' && screening.duplicateOf ? ` of ${screening.duplicateOf}` : ''}
        </span>
      ))}
    </span>
  );
}
