import { format, subDays } from 'date-fns';
import { useState } from 'react';
import type { GovernorateDeliveryView } from '../../api/generated-admin';
import { useGetDeliveryByGovernorateQuery } from './delivery-api';
import { card, input } from '../shared/styles';
import { Field } from '../shared/field';
import { governorateName } from '../shared/names';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const ROW = 22;
const LABEL_WIDTH = 110;
const WIDTH = 600;

/** Delivered (green) and refused (red) shares of each governorate's parcels at the door, as one stacked bar each. */
function OutcomeBars({ rows }: { rows: GovernorateDeliveryView[] }) {
  const height = rows.length * ROW + 4;
  const barWidth = WIDTH - LABEL_WIDTH - 50;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label="Delivered and refused share per governorate" className="w-full" style={{ maxHeight: height * 1.2 }}>
      {rows.map((r, i) => {
        const y = i * ROW + 2;
        const delivered = barWidth * r.deliveredRate;
        return (
          <g key={r.governorate}>
            <text x={0} y={y + 14} fontSize={11} fill="#374151">
              {governorateName(r.governorate)}
            </text>
            <rect x={LABEL_WIDTH} y={y + 3} width={delivered} height={ROW - 8} fill="#059669">
              <title>{`${governorateName(r.governorate)}: ${r.delivered} delivered (${percent(r.deliveredRate)})`}</title>
            </rect>
            <rect x={LABEL_WIDTH + delivered} y={y + 3} width={barWidth - delivered} height={ROW - 8} fill="#dc2626">
              <title>{`${governorateName(r.governorate)}: ${r.refused} refused (${percent(r.refusedRate)})`}</title>
            </rect>
            <text x={LABEL_WIDTH + barWidth + 6} y={y + 14} fontSize={11} fill="#374151">
              {percent(r.deliveredRate)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Delivery by governorate over a chosen period of days: delivered against refused at the door and
 * the median days from placing to delivery, as a chart and a table (from the server's maintained
 * delivery outcomes).
 */
export function DeliveryByGovernorate() {
  const [period, setPeriod] = useState(() => ({ from: format(subDays(new Date(), 29), 'yyyy-MM-dd'), to: format(new Date(), 'yyyy-MM-dd') }));
  const { data, isFetching, isError } = useGetDeliveryByGovernorateQuery(period);
  const rows = data?.governorates ?? [];
  return (
    <section className={card} aria-labelledby="delivery-by-governorate">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="delivery-by-governorate" className="text-lg font-semibold">
          Delivery by governorate
        </h2>
        <div className="flex items-end gap-2">
          <Field id="delivery-from" label="From">
            <input id="delivery-from" type="date" className={input} value={period.from} max={period.to} onChange={(e) => e.target.value && setPeriod({ ...period, from: e.target.value })} />
          </Field>
          <Field id="delivery-to" label="To">
            <input id="delivery-to" type="date" className={input} value={period.to} min={period.from} onChange={(e) => e.target.value && setPeriod({ ...period, to: e.target.value })} />
          </Field>
        </div>
      </div>
      <p className="mb-2 text-xs text-gray-500">Parcels whose delivery or refusal at the door was recorded in the period.</p>
      {isError ? (
        <p className="text-sm text-red-700">Failed to load delivery figures</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-gray-500">{isFetching ? 'Loading...' : 'No deliveries or refusals in this period'}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <OutcomeBars rows={rows} />
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm" aria-label="Delivery by governorate">
              <thead>
                <tr className="text-left text-xs uppercase text-gray-500">
                  <th className="px-2 py-1">Governorate</th>
                  <th className="px-2 py-1 text-right">Delivered</th>
                  <th className="px-2 py-1 text-right">Refused</th>
                  <th className="px-2 py-1 text-right">Refused rate</th>
                  <th className="px-2 py-1 text-right">Median days to deliver</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.governorate} className="border-t border-gray-100" data-testid="delivery-row">
                    <td className="px-2 py-1">{governorateName(r.governorate)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{r.delivered}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{r.refused}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{percent(r.refusedRate)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{r.medianDaysToDeliver === null ? '—' : r.medianDaysToDeliver.toFixed(1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
