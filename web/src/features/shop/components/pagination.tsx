import { useT } from '../../../lib/i18n';

/** Pages within 2 of the current one, plus the first and last, with ellipses for the gaps. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  const from = Math.max(1, current - 2);
  const to = Math.min(total, current + 2);
  if (from > 1) pages.push(1);
  if (from > 2) pages.push('gap');
  for (let p = from; p <= to; p++) pages.push(p);
  if (to < total - 1) pages.push('gap');
  if (to < total) pages.push(total);
  return pages;
}

export function Pagination({ current, total, onPage }: { current: number; total: number; onPage: (page: number) => void }) {
  const t = useT();
  if (total <= 1) return null;
  const btn = 'flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium';
  return (
    <nav aria-label={t('shop.pagination')} className="mt-10 flex flex-wrap items-center justify-center gap-1" dir="ltr">
      <button type="button" className={`${btn} hover:bg-stone-200 disabled:opacity-40`} disabled={current <= 1} onClick={() => onPage(current - 1)}>
        ‹ <span className="sr-only">{t('shop.previous')}</span>
      </button>
      {pageWindow(current, total).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-stone-400" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            onClick={() => onPage(p)}
            aria-current={p === current ? 'page' : undefined}
            aria-label={t('shop.page', { page: p })}
            className={`${btn} ${p === current ? 'bg-stone-900 text-white' : 'hover:bg-stone-200'}`}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={`${btn} hover:bg-stone-200 disabled:opacity-40`} disabled={current >= total} onClick={() => onPage(current + 1)}>
        › <span className="sr-only">{t('shop.next')}</span>
      </button>
    </nav>
  );
}
