import { MONEY_FIGURE_NAMES, type MoneyFigure } from '../../../../libs/domain/src/money/figures';
import { formatMoney } from '../../lib/money';
import { td } from '../shared/styles';
import type { WhatIfReport } from './what-if-api';

const count = (n: number) => n.toLocaleString('en-US');

/** The money figures a draft promotion moves, by their one name (money/figures.ts). */
const FIGURES: readonly MoneyFigure[] = ['grossSales', 'discounts', 'returns', 'netSales', 'deliveryFees'];

/**
 * Before (as the orders recorded it) beside after (replayed with the draft). The money figures
 * count each order as it stands: one not shipped, or refused, is in no sales figure.
 */
export function WhatIfReportTable({ report }: { report: WhatIfReport }) {
  const figure = (f: MoneyFigure): [string, string, string] => [
    MONEY_FIGURE_NAMES[f].en,
    formatMoney(report.moneyBefore[f]),
    f === 'discounts' ? `${formatMoney(report.moneyAfter[f])} (+${formatMoney(report.discountGiven)})` : formatMoney(report.moneyAfter[f]),
  ];
  const rows: [string, string, string][] = [
    ['Orders in the period', count(report.orders), count(report.orders)],
    ['Orders affected', '', count(report.ordersAffected)],
    ['Orders shipped or delivered', count(report.salesOrders), count(report.salesOrders)],
    ...FIGURES.map(figure),
    ['Average order value', formatMoney(report.averageOrderValueBefore), formatMoney(report.averageOrderValueAfter)],
    ['Orders crossing the free-shipping threshold', '', count(report.ordersCrossingFreeShipping)],
    ['Orders losing free shipping', '', count(report.ordersLosingFreeShipping)],
  ];
  return (
    <div className="space-y-2">
      <table className="min-w-full divide-y divide-gray-200" aria-label="What-if result">
        <thead>
          <tr>
            <th className="px-3 py-2 text-left text-xs font-semibold text-gray-600" scope="col">Figure</th>
            <th className="px-3 py-2 text-left text-xs font-semibold text-gray-600" scope="col">As recorded</th>
            <th className="px-3 py-2 text-left text-xs font-semibold text-gray-600" scope="col">With the draft</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map(([name, before, after]) => (
            <tr key={name}>
              <th scope="row" className={`${td} text-left font-medium`}>
                {name}
              </th>
              <td className={`${td} tabular-nums`}>{before}</td>
              <td className={`${td} tabular-nums`}>{after}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.ordersNotReproduced > 0 && (
        <p role="status" className="text-xs text-amber-700">
          {count(report.ordersNotReproduced)} orders no longer price as they recorded (a shop setting changed since): their figures with the draft include that change.
        </p>
      )}
      <p className="text-xs text-gray-500">
        {count(report.ordersScanned)} orders read from the event log in {report.seconds.toFixed(1)} s; nothing was written.
      </p>
    </div>
  );
}
