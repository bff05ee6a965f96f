import { useEffect, useRef, useState } from 'react';
import { isCorrection, needsReason } from '../../../../libs/domain/src/order/order-lifecycle';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { statusName } from '../shared/names';
import { btnDanger, btnPrimary, btnSecondary, input, label } from '../shared/styles';
import type { AdminOrder, OrderStatus } from './order-model';
import { useChangeOrderStatusGuardedMutation } from './orders-api';
import { useGetCouriersQuery } from '../couriers/couriers-api';
import { orderMarkedAs } from '../shared/staff-wording';

/** How long a forward move waits before it is sent: the admin's window to undo a slip. */
export const UNDO_MS = 5000;

const VERB: Record<OrderStatus, string> = {
  PLACED: 'Back to placed',
  CONFIRMED: 'Confirm',
  SHIPPED: 'Mark shipped',
  DELIVERED: 'Mark delivered',
  REFUSED: 'Mark refused',
  RETURNED: 'Mark received back',
  CANCELED: 'Cancel order',
};

/**
 * The order's allowed moves (from the server), guarded: a forward move is one click and waits
 * UNDO_MS with an Undo before it is sent; cancel and refuse ask why; undoing SHIPPED, DELIVERED or
 * REFUSED is offered only behind "Correct a mistake", with a reason. Each change carries the
 * revision the admin saw, so a change made meanwhile by someone else is refused, not overwritten.
 */
export function OrderStatusControl({ order }: { order: AdminOrder }) {
  const from = order.status;
  const moves = order.nextStatuses.filter((to) => !isCorrection(from, to));
  const corrections = order.nextStatuses.filter((to) => isCorrection(from, to));
  const [change, { isLoading: saving }] = useChangeOrderStatusGuardedMutation();
  const [pending, setPending] = useState<OrderStatus | null>(null);
  const [asking, setAsking] = useState<{ to: OrderStatus; correction: boolean } | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const [reason, setReason] = useState('');
  // With couriers configured, shipping names the courier and the parcel's tracking number.
  const { data: couriers = [] } = useGetCouriersQuery();
  const [shipping, setShipping] = useState(false);
  const [courierId, setCourierId] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toast = useToast();

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = async (to: OrderStatus, why?: string, correction = false, shipment?: { courierId: string; trackingNumber: string }) => {
    try {
      await change({ id: order.id, guardedStatusDto: { status: to, reason: why, correction: correction || undefined, expectedRevision: order.revision, ...shipment } }).unwrap();
      toast.success('Status updated', orderMarkedAs(order.orderNumber, to));
    } catch (e) {
      toast.error('Error', errorMessage(e, 'Failed to update order status. Please try again.'));
    }
  };

  const choose = (to: OrderStatus, correction = false) => {
    if (to === 'SHIPPED' && !correction && couriers.length > 0) {
      setCourierId(couriers[0].id);
      setTrackingNumber('');
      setShipping(true);
      return;
    }
    if (correction || needsReason(from, to)) {
      setReason('');
      setAsking({ to, correction });
      return;
    }
    setPending(to);
    timer.current = setTimeout(() => {
      setPending(null);
      void send(to);
    }, UNDO_MS);
  };

  const undo = () => {
    clearTimeout(timer.current);
    setPending(null);
  };

  return (
    <div className="flex flex-col items-end gap-2" aria-label="Order status">
      <p className="text-sm">
        Status: <span className="rounded-full bg-gray-100 px-2 py-0.5 font-semibold text-gray-900" data-testid="order-status">{statusName(order.status)}</span>
      </p>
      {pending ? (
        <div role="status" className="flex items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          Moving to {statusName(pending)} in a few seconds…
          <button type="button" className={btnSecondary} onClick={undo}>
            Undo
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          {moves.map((to) => (
            <button key={to} type="button" disabled={saving} className={needsReason(from, to) ? btnSecondary : btnPrimary} onClick={() => choose(to)}>
              {VERB[to]}
              {needsReason(from, to) ? '…' : ''}
            </button>
          ))}
          {corrections.length > 0 && (
            <button type="button" className={btnSecondary} aria-expanded={correcting} onClick={() => setCorrecting(!correcting)}>
              Correct a mistake…
            </button>
          )}
        </div>
      )}
      {correcting && !pending && (
        <div className="flex flex-wrap justify-end gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm" aria-label="Corrections">
          <span className="self-center text-amber-900">Undo {statusName(from)}: set it to</span>
          {corrections.map((to) => (
            <button key={to} type="button" className={btnSecondary} onClick={() => choose(to, true)}>
              {statusName(to)}
            </button>
          ))}
        </div>
      )}
      {shipping && (
        <Dialog title={`Ship ${order.orderNumber}`} onClose={() => setShipping(false)}>
          <label htmlFor="ship-courier" className={label}>
            Courier
          </label>
          <select id="ship-courier" className={input} value={courierId} onChange={(e) => setCourierId(e.target.value)}>
            {couriers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <label htmlFor="ship-tracking" className={`${label} mt-3`}>
            Tracking number
          </label>
          <input id="ship-tracking" className={input} maxLength={64} value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} />
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className={btnSecondary} onClick={() => setShipping(false)}>
              Keep as is
            </button>
            <button
              type="button"
              className={btnPrimary}
              disabled={saving || trackingNumber.trim() === ''}
              onClick={() => {
                setShipping(false);
                void send('SHIPPED', undefined, false, { courierId, trackingNumber: trackingNumber.trim() });
              }}
            >
              {VERB.SHIPPED}
            </button>
          </div>
        </Dialog>
      )}
      {asking && (
        <Dialog title={asking.correction ? `Correct ${order.orderNumber}: ${statusName(from)} → ${statusName(asking.to)}` : `${VERB[asking.to]}: ${order.orderNumber}`} onClose={() => setAsking(null)}>
          {asking.correction && <p className="mb-3 text-sm text-amber-900">This undoes {statusName(from)}. It is recorded as a correction in the order's history.</p>}
          <label htmlFor="status-reason" className={label}>
            Reason (kept in the order's history)
          </label>
          <textarea id="status-reason" className={input} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className={btnSecondary} onClick={() => setAsking(null)}>
              Keep as is
            </button>
            <button
              type="button"
              className={asking.correction || asking.to === 'CANCELED' ? btnDanger : btnPrimary}
              disabled={saving || reason.trim() === ''}
              onClick={() => {
                const { to, correction } = asking;
                setAsking(null);
                setCorrecting(false);
                void send(to, reason.trim(), correction);
              }}
            >
              {asking.correction ? 'Record correction' : VERB[asking.to]}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
