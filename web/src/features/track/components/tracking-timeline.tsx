import type { TrackingStepView } from '../../../api/generated-public';
import { useLocale, useT, type MessageKey } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/numbers';
import { stepRows } from '../track-steps';

const STATUS_KEYS: Record<string, MessageKey> = {
  PLACED: 'track.status.PLACED',
  CONFIRMED: 'track.status.CONFIRMED',
  SHIPPED: 'track.status.SHIPPED',
  DELIVERED: 'track.status.DELIVERED',
  CANCELED: 'track.status.CANCELED',
  REFUSED: 'track.status.REFUSED',
  EDITED: 'track.status.EDITED',
  RETURNED: 'track.status.RETURNED',
};

export function TrackingTimeline({ timeline }: { timeline: TrackingStepView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="mt-6 space-y-4" aria-label={t('track.timeline')}>
      {stepRows(timeline).map((row) => {
        const done = row.at !== undefined;
        const label = STATUS_KEYS[row.status] ? t(STATUS_KEYS[row.status]) : row.status;
        return (
          <li key={row.status} className="flex items-start gap-3" data-status={row.status} data-done={done}>
            <span aria-hidden className={`mt-1 h-3 w-3 shrink-0 rounded-full ${done ? 'bg-emerald-600' : 'border-2 border-stone-300'}`} />
            <div>
              <p className={done ? 'font-semibold text-stone-900' : 'text-stone-600'}>{label}</p>
              {done ? <p className="text-sm text-stone-600">{formatDateTime(row.at!, locale)}</p> : <p className="text-sm text-stone-600">{t('track.pending')}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
