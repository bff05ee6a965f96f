import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { format } from 'date-fns';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { ORDER_SCOPES } from '../../../../libs/domain/src/admin/order-scope';
import { sessionStaffRole } from '../auth/admin-session';
import { downloadFile } from '../shared/download';
import { formatAdminDate } from '../shared/format-date';
import { statusName } from '../shared/names';
import { btnPrimary, btnSecondary, errorPanel, input, label, pageTitle, td } from '../shared/styles';
import { OrderDetails } from './order-details';
import { ORDER_STATUSES, customerName, orderPath } from './order-model';
import { useGetOrdersPageQuery, type OrdersQueryArgs } from './orders-api';
import { OrderStatusSelect } from './order-status-select';
import { NO_FILTERS, ORDERS_PAGE_SIZE, SORT_OPTIONS, listFilters, type OrderFilters, type OrderSortKey } from './orders-view';
import { SizeDistributionDialog } from './size-distribution-dialog';
import { ManifestDownload, mayPrintPaperwork, PrintSelectedButtons } from './paperwork-actions';
import { PhoneRiskBadge } from './phone-risk-badge';
import { ScreeningBadges } from './screening-badges';
import { DataTable, WIDE_ONLY } from '../shared/data-table';
import { Pager } from '../shared/pager';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';

export function OrdersPage() {
  const [sort, setSort] = useState<OrderSortKey>('latest');
  const [draft, setDraft] = useState<OrderFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<OrderFilters>(NO_FILTERS);
  // A link from elsewhere (the dashboard's recent orders) opens the list on one order, expanded.
  const [params] = useSearchParams();
  const linkedOrder = params.get('order') ?? '';
  const { page, setPage, search, setSearch, settledSearch } = usePagedList({ sort, applied }, linkedOrder);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [showSizes, setShowSizes] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Order numbers ticked for printing, kept across pages of the list.
  const [selected, setSelected] = useState<readonly string[]>([]);
  const mayPrint = mayPrintPaperwork();
  const toggleSelected = (orderNumber: string, on: boolean) => setSelected((s) => (on ? [...s.filter((n) => n !== orderNumber), orderNumber] : s.filter((n) => n !== orderNumber)));
  const role = sessionStaffRole();
  const canExport = role !== null && can(role, 'orders.export');
  // The server lists a role only the orders of its statuses: the filter offers those.
  const statuses = role === null ? ORDER_STATUSES : ORDER_SCOPES[role].statuses;
  const toast = useToast();

  const filters = useMemo(() => listFilters(applied, settledSearch, sort), [applied, settledSearch, sort]);
  const listArgs: OrdersQueryArgs = useMemo(() => ({ ...filters, page, size: ORDERS_PAGE_SIZE }), [filters, page]);
  // Coming back to the page asks again: a list cached from an earlier visit would miss new orders.
  const { data, isLoading, isFetching, isError, error, refetch } = useGetOrdersPageQuery(listArgs, { refetchOnMountOrArgChange: true });
  useLastPageClamp(data, setPage);
  const orders = data?.data ?? [];
  const loadFailure = errorMessage(error, (error as { error?: string } | undefined)?.error ?? 'Failed to fetch orders. Please try again.');

  useEffect(() => {
    if (isError) toast.error('Error', loadFailure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);

  useEffect(() => {
    const linked = linkedOrder && orders.find((o) => o.orderNumber === linkedOrder);
    if (linked) setExpanded(linked.id);
    // Once, when the linked order first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedOrder, data]);

  const exportFile = async (kind: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      // The file holds what the admin sees: the same filters, search and order as the list.
      const query = new URLSearchParams(Object.entries(filters) as [string, string][]).toString();
      const path = kind === 'csv' ? 'export' : 'export.xlsx';
      await downloadFile(`/api/admin/orders/${path}${query ? `?${query}` : ''}`, `orders_${format(new Date(), 'yyyy-MM-dd')}.${kind}`);
    } catch {
      toast.error('Export Failed', `There was an error exporting the orders to ${kind.toUpperCase()}.`);
    } finally {
      setExporting(false);
    }
  };

  if (isError) {
    return (
      <div className="space-y-4">
        <h1 className={pageTitle}>Orders</h1>
        <div className={errorPanel} role="alert">
          <p className="font-semibold">Error loading orders</p>
          <p className="mt-1">{loadFailure}</p>
          <button type="button" className={`${btnSecondary} mt-3`} onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={pageTitle}>Orders</h1>
        <div className="flex gap-2">
          <button type="button" className={btnSecondary} onClick={() => refetch()} disabled={isFetching}>
            Refresh
          </button>
          <button type="button" className={btnSecondary} onClick={() => setShowSizes(true)}>
            Count Sizes
          </button>
          {canExport && (
            <>
              <button type="button" className={btnPrimary} onClick={() => exportFile('csv')} disabled={exporting}>
                {exporting ? 'Exporting...' : 'Export CSV'}
              </button>
              <button type="button" className={btnSecondary} onClick={() => exportFile('xlsx')} disabled={exporting}>
                Export XLSX
              </button>
            </>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-3">
        <div className="min-w-52 flex-1">
          <label htmlFor="orders-search" className={label}>
            Search
          </label>
          <input
            id="orders-search"
            type="search"
            placeholder="Name, phone, status, payment, id..."
            className={input}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="orders-sort" className={label}>
            Sort
          </label>
          <select id="orders-sort" className={input} value={sort} onChange={(e) => setSort(e.target.value as OrderSortKey)}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-status" className={label}>
            Status
          </label>
          <select
            id="orders-status"
            className={input}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as OrderFilters['status'] })}
          >
            <option value="">All Statuses</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusName(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-from" className={label}>
            From
          </label>
          <input id="orders-from" type="date" className={input} value={draft.dateFrom} onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })} />
        </div>
        <div>
          <label htmlFor="orders-to" className={label}>
            To
          </label>
          <input id="orders-to" type="date" className={input} value={draft.dateTo} onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })} />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm text-gray-700">
          <input type="checkbox" checked={!!draft.risky} onChange={(e) => setDraft({ ...draft, risky: e.target.checked })} />
          Risky phones only
        </label>
        <button type="button" className={btnPrimary} onClick={() => setApplied(draft)}>
          Apply
        </button>
        <button
          type="button"
          className={btnSecondary}
          onClick={() => {
            setDraft(NO_FILTERS);
            setApplied(NO_FILTERS);
          }}
        >
          Clear
        </button>
      </div>

      {mayPrint && (
        <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-gray-200 bg-white p-3">
          <PrintSelectedButtons orderNumbers={selected} />
          <ManifestDownload />
        </div>
      )}

      {isLoading ? (
        <p className="text-sm text-gray-500">Loading orders...</p>
      ) : !data || orders.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-500">No orders found</p>
      ) : (
        <DataTable
          columns={['Order', 'Customer', { label: 'Date', wide: true }, 'Status', { label: 'Total', align: 'right' }]}
          busy={isFetching}
          footer={<Pager page={data} shown={orders.length} onPage={setPage} />}
        >
          {orders.map((order) => (
            <Fragment key={order.id}>
              <tr data-testid="order-row">
                <td className={td}>
                  {mayPrint && (
                    <input
                      type="checkbox"
                      className="mr-2 align-middle"
                      aria-label={`Select order ${order.orderNumber}`}
                      checked={selected.includes(order.orderNumber)}
                      onChange={(e) => toggleSelected(order.orderNumber, e.target.checked)}
                    />
                  )}
                  <button
                    type="button"
                    className="font-medium text-indigo-700 hover:underline"
                    aria-expanded={expanded === order.id}
                    onClick={() => setExpanded(expanded === order.id ? null : order.id)}
                  >
                    {order.orderNumber}
                  </button>{' '}
                  <Link to={orderPath(order.orderNumber)} className="text-xs text-gray-500 hover:text-indigo-700 hover:underline" aria-label={`Open order ${order.orderNumber}`}>
                    Open
                  </Link>
                </td>
                <td className={td}>
                  <p>{customerName(order)}</p>
                  <p className="text-xs text-gray-500">{order.phone}</p>
                  <PhoneRiskBadge risk={order.phoneRisk} /> <ScreeningBadges screening={order.screening} />
                </td>
                <td className={`${td} ${WIDE_ONLY}`}>{formatAdminDate(order.createdAt)}</td>
                <td className={td}>
                  <OrderStatusSelect order={order} />
                </td>
                <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatMoney(order.total)}</td>
              </tr>
              {expanded === order.id && (
                <tr>
                  <td colSpan={5} className="p-0">
                    <OrderDetails order={order} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      )}
      {showSizes && <SizeDistributionDialog filters={filters} onClose={() => setShowSizes(false)} />}
    </div>
  );
}
