import { statusName } from '../shared/names';
import { btnSecondary } from '../shared/styles';
import type { AdminOrder, OrderStatus } from './order-model';
import { useStatusMove } from './use-status-move';

/**
 * The orders list's status dropdown: the moves the order allows and the member's role may make,
 * each made as on the order page (useStatusMove), so shipping asks for the courier and tracking
 * number, cancelling and corrections ask why, and a forward move can be undone for a few seconds.
 */
export function OrderStatusSelect({ order }: { order: AdminOrder }) {
  const { moves, corrections, choose, pending, undo, dialog } = useStatusMove(order);
  return (
    <>
      {pending ? (
        <span role="status" className="flex items-center gap-1 text-xs text-indigo-900">
          Moving to {statusName(pending)}…
          <button type="button" className={`${btnSecondary} px-2 py-1 text-xs`} onClick={undo}>
            Undo
          </button>
        </span>
      ) : (
        <select
          aria-label={`Status of ${order.orderNumber}`}
          className="w-[5.75rem] rounded-md border border-gray-300 px-1 py-1 text-xs sm:w-auto sm:px-2 sm:text-sm"
          value={order.status}
          onChange={(e) => {
            const to = e.target.value as OrderStatus;
            if (to !== order.status) choose(to, corrections.includes(to));
          }}
        >
          <option value={order.status}>{statusName(order.status)}</option>
          {moves.map((s) => (
            <option key={s} value={s}>
              {statusName(s)}
            </option>
          ))}
          {corrections.map((s) => (
            <option key={s} value={s}>
              {statusName(s)} (correction)
            </option>
          ))}
        </select>
      )}
      {dialog}
    </>
  );
}
