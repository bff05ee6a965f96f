import { Link } from 'react-router';
import { orderPath } from '../orders/order-model';
import { MONEY_FIGURE_NAMES, MONEY_FIGURE_NOTES, type MoneyFigure } from '../../../../libs/domain/src/money/figures';
import { formatMoney } from '../../lib/money';
import { formatAdminDate } from '../shared/format-date';
import { card, errorPanel, pageTitle } from '../shared/styles';
import { CardSection } from '../shared/card-section';
import { governorateName, statusName } from '../shared/names';
import { BarChart, HorizontalBars } from './bar-chart';
import { useGetDashboardQuery, type DashboardData } from './dashboard-api';
import { DeliveryByGovernorate } from './delivery-by-governorate';
import { last30Days } from './dashboard-days';
import { CourierCashTable } from '../couriers/courier-cash-table';

function growth(current: number, previous: number): string | null {
  if (!previous) return current ? 'New this month' : null;
  const change = ((current - previous) / previous) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}% vs last month`;
}

function StatCard({ title, value, note }: { title: string; value: string; note?: string | null }) {
  return (
    <div className={card}>
      <p className="text-sm text-gray-500">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {note && <p className="mt-1 text-xs text-gray-500">{note}</p>}
    </div>
  );
}

/**
 * The money cards, each figure once, by its one name (net sales heads the page). Deposits are
 * left out while the shop takes none.
 */
const MONEY_CARDS: readonly MoneyFigure[] = ['grossSales', 'discounts', 'returns', 'deliveryFees', 'codCashCollected', 'cashRefunded', 'leftToCollect', 'refusedAmount', 'courierFees', 'paidOnline'];
const GOVERNORATE_FIGURES: readonly MoneyFigure[] = ['netSales', 'codCashCollected', 'leftToCollect'];
// The back-office reads English; the same names are in the web's dictionaries for both languages (money-figure-names.ts).
const name = (f: MoneyFigure) => MONEY_FIGURE_NAMES[f].en;

const statusTone: Record<string, string> = {
  PLACED: 'bg-amber-100 text-amber-800',
  CONFIRMED: 'bg-sky-100 text-sky-800',
  SHIPPED: 'bg-emerald-100 text-emerald-800',
  DELIVERED: 'bg-green-200 text-green-900',
  REFUSED: 'bg-rose-200 text-rose-900',
  CANCELED: 'bg-red-100 text-red-800',
};

export function DashboardPage() {
  const { data, isLoading, isError } = useGetDashboardQuery(undefined, { refetchOnFocus: false });

  if (isLoading) return <p className="text-sm text-gray-500">Loading dashboard...</p>;
  if (isError || !data) return <div className={errorPanel}>Failed to load dashboard data</div>;

  const days = last30Days(data.perDay);
  const recent = data.recentOrders.slice(0, 5);
  return (
    <div className="space-y-6">
      <h1 className={pageTitle}>Dashboard</h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Active Orders" value={String(data.activeOrders)} note={growth(data.ordersThisMonth, data.ordersLastMonth)} />
        <StatCard
          title={name('netSales')}
          value={formatMoney(data.money.netSales)}
          note={[MONEY_FIGURE_NOTES.netSales, growth(data.netSalesThisMonth, data.netSalesLastMonth)].filter(Boolean).join(' · ')}
        />
        <StatCard title="Total Customers" value={String(data.totalCustomers)} />
        <StatCard title="Total Products" value={String(data.totalProducts)} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5" aria-label="Money">
        {MONEY_CARDS.map((f) => (
          <StatCard key={f} title={name(f)} value={formatMoney(data.money[f])} note={MONEY_FIGURE_NOTES[f]} />
        ))}
      </div>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <div className={card}>
          <BarChart title={`${name('netSales')} per day (last 30 days)`} data={days.map((d) => ({ label: d.label, value: d.netSales }))} formatValue={formatMoney} labelEvery={7} />
        </div>
        <div className={card}>
          <BarChart
            title="Orders per day (last 30 days)"
            data={days.map((d) => ({ label: d.label, value: d.orders }))}
            formatValue={(n) => `${n} orders`}
            labelEvery={7}
            color="#f59e0b"
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <CardSection id="recent-orders" title="Recent Orders" className="lg:col-span-2">
          {recent.length === 0 ? (
            <p className="text-sm text-gray-500">No recent orders</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {recent.map((order) => (
                <li key={order.id}>
                  <Link
                    to={orderPath(order.orderNumber)}
                    className="-mx-2 flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-2 text-sm hover:bg-gray-50"
                  >
                    <div>
                      <p className="font-medium text-indigo-700">{order.orderNumber}</p>
                      <p className="text-xs text-gray-500">{formatAdminDate(order.createdAt ?? order.orderDate)}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="tabular-nums">{formatMoney(order.total)}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[order.status] ?? 'bg-gray-100'}`}>{statusName(order.status)}</span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
        <CardSection id="quick-actions" title="Quick Actions">
          <div className="flex flex-col gap-2">
            <Link to="/admin/posters?new=1" className="rounded-md bg-indigo-600 px-3 py-2 text-center text-sm font-medium text-white hover:bg-indigo-700">
              Add New Poster
            </Link>
            <Link to="/admin/discounts" className="rounded-md border border-gray-300 px-3 py-2 text-center text-sm font-medium hover:bg-gray-50">
              Add Discount
            </Link>
            <Link to="/admin/customers" className="rounded-md border border-gray-300 px-3 py-2 text-center text-sm font-medium hover:bg-gray-50">
              View Customers
            </Link>
          </div>
        </CardSection>
      </div>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Parcels">
        <StatCard title="Parcels out" value={String(data.parcelsOut)} />
        <StatCard title="Refused" value={String(data.refused)} />
        <StatCard title="Returned" value={String(data.returned)} note="Parcels back after a refusal, or goods back after delivery" />
      </div>

      <CardSection id="courier-cash" title="Cash by courier">
        <CourierCashTable />
      </CardSection>

      <div className={card}>
        <HorizontalBars
          title="Orders by governorate"
          data={data.byGovernorate.map((g) => ({ label: governorateName(g.governorate), value: Number(g.orders) })).sort((a, b) => b.value - a.value)}
          empty="No orders yet"
        />
        {data.byGovernorate.length > 0 && (
          <table className="mt-4 min-w-full text-sm" aria-label="Money by governorate">
            <thead>
              <tr className="text-left text-xs uppercase text-gray-500">
                <th className="py-1">Governorate</th>
                {GOVERNORATE_FIGURES.map((f) => (
                  <th key={f} className="py-1 text-right" title={MONEY_FIGURE_NOTES[f]}>
                    {name(f)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.byGovernorate.map((g) => (
                <tr key={g.governorate} className="border-t border-gray-100">
                  <td className="py-1">{governorateName(g.governorate)}</td>
                  {GOVERNORATE_FIGURES.map((f) => (
                    <td key={f} className="py-1 text-right tabular-nums">
                      {formatMoney(g.money[f])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <DeliveryByGovernorate />
    </div>
  );
}
