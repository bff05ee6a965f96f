import { Fragment, useEffect, useMemo, useState } from 'react';
import { endOfDay, format, parseISO, startOfDay } from 'date-fns';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { downloadFile } from '../shared/download';
import { formatAdminDate } from '../shared/format-date';
import { btnPrimary, btnSecondary, errorPanel, input, label, pageTitle, td } from '../shared/styles';
import { OrderDetails } from './order-details';
import { ORDER_STATUSES, customerName, type AdminOrder, type OrderStatus } from './order-model';
import { useGetAdminOrdersQuery, useUpdateOrderStatusMutation, type OrdersQueryArgs } from './orders-api';
import { NO_FILTERS, SORT_OPTIONS, filterOrders, paginate, searchOrders, sortOrders, type OrderFilters, type OrderSortKey } from './orders-view';
import { SizeDistributionDialog } from './size-distribution-dialog';
import { DataTable } from '../shared/data-table';

/** The admin's local days as instants, so the server and this page agree on where a day ends. */
function queryArgs(filters: OrderFilters): OrdersQueryArgs {
  const args: OrdersQueryArgs = {};
  if (filters.status) args.status = filters.status;
  if (filters.dateFrom) args.dateFrom = startOfDay(parseISO(filters.dateFrom)).toISOString();
  if (filters.dateTo) args.dateTo = endOfDay(parseISO(filters.dateTo)).toISOString();
  return args;
}

export function OrdersPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<OrderSortKey>('latest');
  const [draft, setDraft] = useState<OrderFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<OrderFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [showSizes, setShowSizes] = useState(false);
  const [exporting, setExporting] = useState(false);
  const toast = useToast();

  const listArgs = useMemo(() => queryArgs(applied), [applied]);
  const { data: orders = [], isLoading, isFetching, isError, error } = useGetAdminOrdersQuery(listArgs);
  const [updateStatus] = useUpdateOrderStatusMutation();
  const loadFailure = errorMessage(error, (error as { error?: string } | undefined)?.error ?? 'Failed to fetch orders. Please try again.');

  useEffect(() => {
    if (isError) toast.error('Error', loadFailure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);
  useEffect(() => setPage(1), [search, sort, applied]);

  // The server filters too; filtering again here keeps 'to' inclusive to the end of the day and
  // drops a row at once when its optimistic new status leaves the status filter (spec section 4).
  const shown = useMemo(() => sortOrders(filterOrders(searchOrders(orders, search), applied), sort), [orders, search, applied, sort]);
  const current = paginate(shown, page);

  const changeStatus = async (order: AdminOrder, status: OrderStatus) => {
    if (status === order.status) return;
    try {
      await updateStatus({ id: order.id, status, listArgs }).unwrap();
      toast.success('Status updated', `Order status updated to ${status}`);
    } catch {
      toast.error('Error', 'Failed to update order status. Please try again.');
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      // The file holds what the admin sees: the same filters, search and order as the list.
      const params = new URLSearchParams(Object.entries(listArgs) as [string, string][]);
      if (search.trim()) params.set('search', search.trim());
      params.set('sort', sort.replace('-', '_'));
      const query = params.toString();
      await downloadFile(`/api/admin/orders/export${query ? `?${query}` : ''}`, `orders_${format(new Date(), 'yyyy-MM-dd')}.csv`);
    } catch {
      toast.error('Export Failed', 'There was an error exporting the orders to CSV.');
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
          <button type="button" className={btnSecondary} onClick={() => setShowSizes(true)}>
            Count Sizes
          </button>
          <button type="button" className={btnPrimary} onClick={exportCsv} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
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
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
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

      {isLoading ? (
        <p className="text-sm text-gray-500">Loading orders...</p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-500">No orders found</p>
      ) : (
        <DataTable
          columns={['Order', 'Customer', 'Date', 'Status', { label: 'Total', align: 'right' }]}
          busy={isFetching}
          footer={
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 px-3 py-2 text-sm">
              <span>
                Showing {current.first} to {current.last} of {current.total}
              </span>
              <div className="flex items-center gap-2">
                <button type="button" className={btnSecondary} disabled={current.page <= 1} onClick={() => setPage(current.page - 1)}>
                  Previous
                </button>
                <span>
                  Page {current.page} of {current.totalPages}
                </span>
                <button type="button" className={btnSecondary} disabled={current.page >= current.totalPages} onClick={() => setPage(current.page + 1)}>
                  Next
                </button>
              </div>
            </div>
          }
        >
          {current.rows.map((order) => (
            <Fragment key={order.id}>
              <tr data-testid="order-row">
                <td className={td}>
                  <button
                    type="button"
                    className="font-medium text-indigo-700 hover:underline"
                    aria-expanded={expanded === order.id}
                    onClick={() => setExpanded(expanded === order.id ? null : order.id)}
                  >
                    {order.orderNumber}
                  </button>
                </td>
                <td className={td}>
                  <p>{customerName(order)}</p>
                  <p className="text-xs text-gray-500">{order.phone}</p>
                </td>
                <td className={td}>{formatAdminDate(order.createdAt)}</td>
                <td className={td}>
                  <select
                    aria-label={`Status of ${order.orderNumber}`}
                    className="rounded-md border border-gray-300 px-2 py-1 text-sm"
                    value={order.status}
                    onChange={(e) => changeStatus(order, e.target.value as OrderStatus)}
                  >
                    {ORDER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={`${td} text-right tabular-nums`}>{formatMoney(order.total)}</td>
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
      {showSizes && <SizeDistributionDialog orders={orders} onClose={() => setShowSizes(false)} />}
    </div>
  );
}
