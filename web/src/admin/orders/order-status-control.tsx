import { useState } from 'react';
import { needsReason } from '../../../../libs/domain/src/order/order-lifecycle';
import { statusName } from '../shared/names';
import { btnPrimary, btnSecondary } from '../shared/styles';
import type { AdminOrder } from './order-model';
import { useStatusMove, VERB } from './use-status-move';

/**
 * The order's allowed moves as buttons (useStatusMove: the same dialogs and rules as the orders
 * list): a forward move is one click and waits with an Undo; cancel and refuse ask why; undoing
 * SHIPPED, DELIVERED or REFUSED is offered only behind "Correct a mistake", with a reason.
 */
export function OrderStatusControl({ order }: { order: AdminOrder }) {
  const from = order.status;
  const [correcting, setCorrecting] = useState(false);
  const { moves, corrections, choose, pending, undo, saving, dialog } = useStatusMove(order, () => setCorrecting(false));

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
      {dialog}
    </div>
  );
}
