import { ORDER_STATUS_LABELS, isOrderStatus } from '../../../../libs/domain/src/order/events';
import type { ErasureHoldView, ErasureOrderView } from '../../api/generated-admin';
import { formatAdminDate } from '../shared/format-date';

export type OpenOrderChoice = 'cancel' | 'hold';

const OPEN_BECAUSE: Record<NonNullable<ErasureOrderView['openBecause']>, string> = {
  'not-shipped': 'not shipped yet',
  'on-its-way': 'with the courier',
  'coming-back': 'refused, on its way back',
  'return-window': 'delivered, the return window is open',
  'refund-pending': 'a refund for returned goods is owed',
  'settlement-pending': "the courier's settlement is outstanding",
};

export function statusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

/** "Dec 4, 2026 10:00 AM", or what the end waits for when no order can say yet. */
function expectedEnd(at: string | null): string {
  return at ? formatAdminDate(at) : 'when the open orders are delivered or back, plus the return window';
}

/** The customer's unfinished orders and the owner's choice: cancel them first (only if none has shipped), or hold the erasure. */
export function OpenOrdersChoice({ open, choice, onChoose }: { open: ErasureOrderView[]; choice: OpenOrderChoice | ''; onChoose: (choice: OpenOrderChoice) => void }) {
  const shipped = open.filter((o) => !o.cancellable);
  return (
    <section aria-label="Unfinished orders" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="font-medium text-amber-900">
        {open.length === 1 ? 'This order is not finished:' : `These ${open.length} orders are not finished:`}
      </p>
      <ul className="list-disc space-y-1 pl-5" data-testid="open-orders">
        {open.map((o) => (
          <li key={o.id}>
            {o.orderNumber}: {statusLabel(o.status)} ({o.openBecause ? OPEN_BECAUSE[o.openBecause] : 'open'})
          </li>
        ))}
      </ul>
      <fieldset className="space-y-1">
        <legend className="font-medium">What happens to them</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="open-orders" value="cancel" checked={choice === 'cancel'} disabled={shipped.length > 0} onChange={() => onChoose('cancel')} />
          <span>
            Cancel {open.length === 1 ? 'it' : 'them'} first, then erase
            {shipped.length > 0 && <span className="block text-xs text-gray-600">Not possible: {shipped.map((o) => o.orderNumber).join(', ')} left the shop and cannot be cancelled.</span>}
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="open-orders" value="hold" checked={choice === 'hold'} onChange={() => onChoose('hold')} />
          <span>
            Hold the erasure until {open.length === 1 ? 'it is' : 'they are'} finished
            <span className="block text-xs text-gray-600">It then runs by itself; the customer is told why it waits.</span>
          </span>
        </label>
      </fieldset>
    </section>
  );
}

/** A held erasure: why it waits (its legal basis) and when it is expected to run. */
export function HoldNotice({ hold }: { hold: ErasureHoldView }) {
  return (
    <section aria-label="Erasure held" className="space-y-1 rounded-md border border-sky-300 bg-sky-50 p-3">
      <p className="font-medium text-sky-900">Erasure held since {formatAdminDate(hold.heldAt)}</p>
      <p data-testid="hold-reason">{hold.legalBasis}</p>
      <p data-testid="hold-end">Expected to run: {expectedEnd(hold.expectedEnd)}</p>
    </section>
  );
}
