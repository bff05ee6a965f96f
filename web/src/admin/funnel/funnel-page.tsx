import { useState } from 'react';
import { useGetFunnelQuery, type FunnelStagesView } from '../../api/generated-admin';
import { governorateName } from '../shared/names';
import { FUNNEL_STAGES, formatRate, funnelSteps, overallConversion } from './funnel-rates';

const REASONS: Record<string, string> = {
  BAD_PHONE: 'Bad phone number',
  MINIMUM_POSTERS: 'Minimum posters (outside exempt governorates)',
  LINE_UNAVAILABLE: 'A line no longer sold',
  CART_EMPTY: 'Empty cart',
  PROMO_UNKNOWN: 'Unknown promo code',
  PROMO_INACTIVE: 'Inactive promo code',
  PROMO_NOT_STARTED: 'Promo code not started yet',
  PROMO_ENDED: 'Promo code ended',
  PROMO_MINIMUM_SUBTOTAL: 'Below the promo code’s minimum subtotal',
  PROMO_CATEGORY: 'No line in the promo code’s category',
  PROMO_USED_UP: 'Promo code used up',
  PROMO_ALREADY_USED: 'Promo code already used by the customer',
};

/** A cart that never tried a checkout has no governorate: the funnel files it under UNKNOWN. */
const funnelGovernorate = (code: string) => (code === 'UNKNOWN' ? 'Not known (no checkout)' : governorateName(code));

/** A Cairo calendar day (the API counts carts by Cairo day; UTC's "today" lags it for two hours). */
const CAIRO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' });
const day = (offset: number) => CAIRO_DAY.format(new Date(Date.now() + offset * 86_400_000));

/**
 * The funnel as bars in ordinary text flow: each bar's width is its share of the carts created, and
 * each step says what share of the step before reached it. Labels wrap rather than being cut at
 * any width (an SVG's fixed text box cut them on narrow screens).
 */
function FunnelChart({ totals }: { totals: FunnelStagesView }) {
  const max = Math.max(1, totals.cartsCreated);
  return (
    <section className="max-w-xl space-y-3" aria-label="Cart funnel">
      <ol className="space-y-3">
        {funnelSteps(totals).map((s) => (
          <li key={s.key} data-testid="funnel-step">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-gray-800">
                {s.label}: {s.count}
              </span>
              {s.previous && (
                <span className="text-gray-600" data-testid="funnel-step-rate">
                  {formatRate(s.previous.rate)} of {s.previous.label.toLowerCase()}
                </span>
              )}
            </div>
            <div className="mt-1 h-5 rounded bg-gray-100" aria-hidden="true">
              <div className="h-5 rounded bg-indigo-500" style={{ width: `${Math.max(0.5, (s.count / max) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ol>
      <p className="text-sm font-semibold" data-testid="funnel-overall">
        Overall conversion: {formatRate(overallConversion(totals))} of carts created placed an order
      </p>
    </section>
  );
}

/** Cart funnel: carts created → lines added → checkout attempted → order placed, refusals and abandoned carts. */
export function FunnelPage() {
  const [from, setFrom] = useState(day(-29));
  const [to, setTo] = useState(day(0));
  const { data, isFetching, error } = useGetFunnelQuery({ from, to });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Funnel</h1>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm">
          From <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} className="ms-1 rounded border px-2 py-1" />
        </label>
        <label className="text-sm">
          To <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} className="ms-1 rounded border px-2 py-1" />
        </label>
        {isFetching && <span className="text-sm text-gray-500">Loading…</span>}
      </form>
      {error && <p role="alert" className="text-rose-700">Failed to load the funnel.</p>}
      {data && (
        <>
          <FunnelChart totals={data.totals} />
          <section>
            <h2 className="mb-2 font-semibold">By governorate</h2>
            <StageTable caption="By governorate" rows={data.governorates.map((g) => ({ label: funnelGovernorate(g.governorate), stages: g }))} />
          </section>
          <section>
            <h2 className="mb-2 font-semibold">By day</h2>
            <StageTable caption="By day" rows={data.days.map((d) => ({ label: d.day, stages: d }))} />
          </section>
          <section>
            <h2 className="mb-2 font-semibold">Refused checkouts by reason</h2>
            {data.rejections.length === 0 ? (
              <p className="text-sm text-gray-500">None in this period.</p>
            ) : (
              <ul className="text-sm" data-testid="funnel-rejections">
                {data.rejections.map((r) => (
                  <li key={r.reason}>
                    {REASONS[r.reason] ?? r.reason}: {r.count}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h2 className="mb-2 font-semibold">
              Abandoned carts: {data.abandonedCount} (listed worth {data.abandonedValue.toFixed(2)} EGP)
            </h2>
            <ul className="space-y-1 text-sm" data-testid="funnel-abandoned">
              {data.abandoned.map((c, i) => (
                <li key={i}>
                  {new Date(c.lastActivityAt).toLocaleString()}: {c.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} — {c.value.toFixed(2)} EGP
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Stage counts per row, and the row's overall conversion. On a phone the headings wrap in smaller,
 * lower-case type with tighter cells, so all six columns fit 390 px; the frame scrolls only narrower.
 */
function StageTable({ caption, rows }: { caption: string; rows: { label: string; stages: FunnelStagesView }[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-xs sm:text-sm" aria-label={caption}>
        <thead>
          <tr className="text-left text-[11px] text-gray-500 sm:text-xs sm:uppercase">
            <th className="px-1 py-1 sm:px-2" />
            {FUNNEL_STAGES.map((s) => (
              <th key={s.key} className="px-1 py-1 text-right sm:px-2">
                {s.label}
              </th>
            ))}
            <th className="px-1 py-1 text-right sm:px-2">Conversion</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t border-gray-200">
              <td className="px-1 py-1 sm:px-2">{r.label}</td>
              {FUNNEL_STAGES.map((s) => (
                <td key={s.key} className="px-1 py-1 text-right tabular-nums sm:px-2">
                  {r.stages[s.key]}
                </td>
              ))}
              <td className="px-1 py-1 text-right tabular-nums sm:px-2">{formatRate(overallConversion(r.stages))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
