import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { formatAdminDate } from '../shared/format-date';
import { btnDanger, btnPrimary, btnSecondary, card, errorPanel, input, label, pageTitle } from '../shared/styles';
import { customerName, orderPath, sizeLabel, type AdminOrder } from '../orders/order-model';
import { PhoneRiskBadge } from '../orders/phone-risk-badge';
import { ScreeningBadges } from '../orders/screening-badges';
import { EditOrderDialog } from '../orders/edit-order-dialog';
import { OrderNotes } from '../orders/order-notes';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { isErasedCustomer } from '../../../../libs/domain/src/personal-data/erased-value';
import { REVIEW_FIRST_FLAGS } from '../../../../libs/domain/src/order-screening/screening-flags';
import { sessionStaffRole } from '../auth/admin-session';
import { governorateName } from '../shared/names';
import { CALL_QUEUE, CALL_QUEUE_SIZE, useGetAdminOrdersQuery, useUpdateOrderStatusMutation } from './call-queue-api';

/**
 * Call to confirm: PLACED cash-on-delivery orders, oldest first. The admin calls the number,
 * then confirms or cancels (with a reason) in one click. Each action carries the revision the
 * admin saw, so of two admins on one order only the first acts; the second reads who did.
 * Orders from a phone that refused parcels past the owner's threshold wait apart, under "Needs
 * review", instead of among those to call straight away; every order shows its screening flags.
 */
export function CallQueuePage() {
  const { data, isLoading, isError, error } = useGetAdminOrdersQuery(CALL_QUEUE);
  const [act, { isLoading: acting }] = useUpdateOrderStatusMutation();
  const [canceling, setCanceling] = useState<AdminOrder | null>(null);
  const [reason, setReason] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminOrder | null>(null);
  const role = sessionStaffRole();
  const mayEdit = role !== null && can(role, 'orders.edit');
  const toast = useToast();

  const run = async (order: AdminOrder, status: 'CONFIRMED' | 'CANCELED', why?: string) => {
    setConflict(null);
    try {
      await act({ id: order.id, orderStatusDto: { status, reason: why || undefined, expectedRevision: order.revision } }).unwrap();
      toast.success(status === 'CONFIRMED' ? 'Confirmed' : 'Canceled', `Order ${order.orderNumber} ${status === 'CONFIRMED' ? 'confirmed' : 'canceled'}`);
    } catch (e) {
      const message = errorMessage(e, `Could not update ${order.orderNumber}. Please try again.`);
      if ((e as { status?: unknown }).status === 409) setConflict(message);
      else toast.error('Error', message);
    }
  };

  if (isLoading) return <p className="text-sm text-gray-500">Loading the call queue...</p>;
  if (isError || !data) return <div className={errorPanel}>{errorMessage(error, 'Failed to load the call queue')}</div>;

  const orders = data.data;
  const reviewFirst = (o: AdminOrder) => o.screening.flags.some((f) => REVIEW_FIRST_FLAGS.includes(f));
  const toReview = orders.filter(reviewFirst);
  const toCall = orders.filter((o) => !reviewFirst(o));
  const queueItem = (order: AdminOrder) => (
    <li key={order.id} className={card} data-testid="queue-order" aria-label={`Order ${order.orderNumber}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="font-semibold">
            <Link to={orderPath(order.orderNumber)} className="text-indigo-700 hover:underline">
              {order.orderNumber}
            </Link>{' '}
            <span className="text-xs font-normal text-gray-500">{formatAdminDate(order.createdAt)}</span> <ScreeningBadges screening={order.screening} />
          </p>
          <p className="text-sm">
            {customerName(order)} ·{' '}
            <a className="font-medium text-indigo-700 underline" href={`tel:${order.phone}`}>
              {order.phone}
            </a>{' '}
            <PhoneRiskBadge risk={order.phoneRisk} />
          </p>
          <p className="text-xs text-gray-600">
            {order.addressLine}, {order.city}, {governorateName(order.governorate)}
          </p>
        </div>
        <div className="flex gap-2">
          {isErasedCustomer(order) ? (
            // Nobody left to call: confirming would send a parcel to no one.
            <p className="text-sm text-gray-600">Customer erased: nobody to call</p>
          ) : (
            <button type="button" className={btnPrimary} disabled={acting} onClick={() => run(order, 'CONFIRMED')}>
              Confirm
            </button>
          )}
          <button type="button" className={btnSecondary} disabled={acting} onClick={() => (setReason(''), setCanceling(order))}>
            Cancel…
          </button>
          {mayEdit && (
            <button type="button" className={btnSecondary} onClick={() => setEditing(order)}>
              Edit…
            </button>
          )}
        </div>
      </div>
      <ul className="mt-2 text-sm text-gray-700">
        {order.items.map((item) => (
          <li key={item.itemId}>
            {item.name} ({sizeLabel(item.size)}) × {item.quantity}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm font-medium tabular-nums">Total {formatMoney(order.total)}</p>
      {order.notes && <p className="mt-1 rounded bg-yellow-50 p-2 text-sm text-gray-800">Notes: {order.notes}</p>}
      <div className="mt-2 border-t border-gray-100 pt-2">
        <OrderNotes order={order} />
      </div>
    </li>
  );
  return (
    <div className="space-y-4">
      <div>
        <h1 className={pageTitle}>Call Queue</h1>
        <p className="mt-1 text-sm text-gray-600">
          Cash-on-delivery orders waiting for a confirmation call, oldest first ({data.totalItems} waiting{data.totalItems > CALL_QUEUE_SIZE ? `, the oldest ${CALL_QUEUE_SIZE} shown` : ''}).
        </p>
      </div>
      {conflict && (
        <div role="alert" className="flex items-start justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <span>{conflict}</span>
          <button type="button" className="text-xs underline" onClick={() => setConflict(null)}>
            Dismiss
          </button>
        </div>
      )}
      {orders.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-center text-sm text-gray-500">No orders to confirm</p>
      ) : (
        <>
          {toReview.length > 0 && (
            <section aria-label="Needs review" className="space-y-2">
              <h2 className="text-base font-semibold text-red-800">Needs review ({toReview.length})</h2>
              <p className="text-xs text-gray-600">These phones refused parcels at the door before: decide whether to call before confirming.</p>
              <ul className="space-y-3">{toReview.map(queueItem)}</ul>
            </section>
          )}
          {toCall.length > 0 && (
            <section aria-label="To confirm" className="space-y-2">
              {toReview.length > 0 && <h2 className="text-base font-semibold">To confirm ({toCall.length})</h2>}
              <ul className="space-y-3">{toCall.map(queueItem)}</ul>
            </section>
          )}
        </>
      )}
      {editing && (
        // The dialog keeps the order (and its revision) as the agent opened it.
        <EditOrderDialog order={editing} onClose={() => setEditing(null)} />
      )}
      {canceling && (
        // The dialog keeps the order as the admin saw it, even if the queue refreshes under it.
        <Dialog title={`Cancel ${canceling.orderNumber}?`} onClose={() => setCanceling(null)}>
          <label htmlFor="cancel-reason" className={label}>
            Reason (kept in the order's history)
          </label>
          <textarea id="cancel-reason" className={input} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className={btnSecondary} onClick={() => setCanceling(null)}>
              Keep order
            </button>
            <button
              type="button"
              className={btnDanger}
              disabled={acting}
              onClick={async () => {
                const order = canceling;
                setCanceling(null);
                await run(order, 'CANCELED', reason.trim());
              }}
            >
              Cancel order
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
