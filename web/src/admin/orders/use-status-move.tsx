import { useEffect, useRef, useState, type ReactNode } from 'react';
import { can, permissionToMoveOrderTo, type StaffRole } from '../../../../libs/domain/src/admin/staff-permissions';
import { isCorrection, needsReason } from '../../../../libs/domain/src/order/order-lifecycle';
import { errorMessage } from '../shared/error-text';
import { orderMarkedAs } from '../shared/staff-wording';
import { useToast } from '../../lib/toast';
import { sessionStaffRole } from '../auth/admin-session';
import { useGetCouriersQuery } from '../couriers/couriers-api';
import { Dialog } from '../shared/dialog';
import { statusName } from '../shared/names';
import { btnDanger, btnPrimary, btnSecondary, input, label } from '../shared/styles';
import type { AdminOrder, OrderStatus } from './order-model';
import { useChangeOrderStatusGuardedMutation } from './orders-api';

/** How long a forward move waits before it is sent: the admin's window to undo a slip. */
export const UNDO_MS = 5000;

export const VERB: Record<OrderStatus, string> = {
  PLACED: 'Back to placed',
  CONFIRMED: 'Confirm',
  SHIPPED: 'Mark shipped',
  DELIVERED: 'Mark delivered',
  REFUSED: 'Mark refused',
  RETURNED: 'Mark received back',
  CANCELED: 'Cancel order',
};

/**
 * The moves the order allows now (from the server) that the member's role may make (the one
 * permission map), split into forward moves and corrections. Without a session role nothing is
 * held back here: the server's guard still decides.
 */
export function allowedMoves(order: Pick<AdminOrder, 'status' | 'nextStatuses'>, role: StaffRole | null): { moves: OrderStatus[]; corrections: OrderStatus[] } {
  const allowed = order.nextStatuses.filter((to) => role === null || can(role, permissionToMoveOrderTo(to)));
  return { moves: allowed.filter((to) => !isCorrection(order.status, to)), corrections: allowed.filter((to) => isCorrection(order.status, to)) };
}

export interface StatusMove {
  moves: OrderStatus[];
  corrections: OrderStatus[];
  /** Starts a move: a forward one waits UNDO_MS with an Undo; shipping (with couriers) and cancel, refuse and corrections ask first. */
  choose: (to: OrderStatus, correction?: boolean) => void;
  /** The forward move waiting to be sent, if any, and how to take it back. */
  pending: OrderStatus | null;
  undo: () => void;
  saving: boolean;
  /** The dialog a move asks with, when one is open; render it once. */
  dialog: ReactNode;
}

/**
 * One status move on one order, as the order page and the orders list both make it: the same
 * dialogs, the same rules, the same guarded route. Each change carries the revision the admin saw,
 * so a change made meanwhile by someone else is refused, not overwritten; a refusal shows the
 * server's reason.
 */
export function useStatusMove(order: AdminOrder, onDone?: () => void): StatusMove {
  const from = order.status;
  const { moves, corrections } = allowedMoves(order, sessionStaffRole());
  const [change, { isLoading: saving }] = useChangeOrderStatusGuardedMutation();
  const [pending, setPending] = useState<OrderStatus | null>(null);
  const [asking, setAsking] = useState<{ to: OrderStatus; correction: boolean } | null>(null);
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
      // The server's reason (a role it refuses, a missing courier, a change made meanwhile).
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

  const dialog = shipping ? (
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
            onDone?.();
            void send('SHIPPED', undefined, false, { courierId, trackingNumber: trackingNumber.trim() });
          }}
        >
          {VERB.SHIPPED}
        </button>
      </div>
    </Dialog>
  ) : asking ? (
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
            onDone?.();
            void send(to, reason.trim(), correction);
          }}
        >
          {asking.correction ? 'Record correction' : VERB[asking.to]}
        </button>
      </div>
    </Dialog>
  ) : null;

  return { moves, corrections, choose, pending, undo, saving, dialog };
}
