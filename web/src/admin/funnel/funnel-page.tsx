import { useState } from 'react';
import { useGetFunnelQuery, type FunnelStagesView } from '../../api/generated-admin';

const STAGES: { key: keyof FunnelStagesView; label: string }[] = [
  { key: 'cartsCreated', label: 'Carts created' },
  { key: 'linesAdded', label: 'Lines added' },
  { key: 'checkoutAttempted', label: 'Checkout attempted' },
  { key: 'ordersPlaced', label: 'Order placed' },
];

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

/** A Cairo calendar day (the API counts carts by Cairo day; UTC's "today" lags it for two hours). */
const CAIRO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' });
const day = (offset: number) => CAIRO_DAY.format(new Date(Date.now() + offset * 86_400_000));

/** The funnel as plain SVG bars: each stage's width is its share of the carts created. */
function FunnelChart({ totals }: { totals: FunnelStagesView }) {
  const max = Math.max(1, totals.cartsCreated);
  return (
    <svg viewBox="0 0 400 136" role="img" aria-label="Cart funnel" className="w-full max-w-xl">
      {STAGES.map((s, i) => (
        <g key={s.key} transform={`translate(0 ${i * 34})`}>
          <rect x="0" y="0" width={Math.max(2, (totals[s.key] / max) * 260)} height="26" rx="4" className="fill-indigo-500" />
          <text x="268" y="18" className="fill-gray-700 text-[12px]">
            {s.label}: {totals[s.key]}
          </text>
        </g>
      ))}
    </svg>
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
            <StageTable rows={data.governorates.map((g) => ({ label: g.governorate, stages: g }))} />
          </section>
          <section>
            <h2 className="mb-2 font-semibold">By day</h2>
            <StageTable rows={data.days.map((d) => ({ label: d.day, stages: d }))} />
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

function StageTable({ rows }: { rows: { label: string; stages: FunnelStagesView }[] }) {
  return (
    <table className="min-w-full text-sm">
      <thead>
        <tr className="text-left text-xs uppercase text-gray-500">
          <th className="px-2 py-1" />
          {STAGES.map((s) => (
            <th key={s.key} className="px-2 py-1 text-right">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-t border-gray-200">
            <td className="px-2 py-1">{r.label}</td>
            {STAGES.map((s) => (
              <td key={s.key} className="px-2 py-1 text-right tabular-nums">
                {r.stages[s.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
