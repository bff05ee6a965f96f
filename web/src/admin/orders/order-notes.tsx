import { useState, type FormEvent } from 'react';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../shared/error-text';
import { sessionStaffRole } from '../auth/admin-session';
import { formatAdminDate } from '../shared/format-date';
import { btnSecondary, input } from '../shared/styles';
import type { AdminOrder } from './order-model';
import { useAddOrderNoteMutation } from './orders-api';

/**
 * Staff notes on an order, oldest first, and a box to add one (with orders.notes). Staff only:
 * the shopper never sees them. A note another admin adds shows here live (the orders projection's
 * change refreshes the order).
 */
export function OrderNotes({ order }: { order: AdminOrder }) {
  const [text, setText] = useState('');
  const [add, { isLoading, error, reset }] = useAddOrderNoteMutation();
  const role = sessionStaffRole();
  const mayWrite = role !== null && can(role, 'orders.notes');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    await add({ id: order.id, addOrderNoteDto: { text: text.trim() } })
      .unwrap()
      .then(() => setText(''))
      .catch(() => undefined);
  };

  return (
    <section aria-label={`Staff notes on ${order.orderNumber}`} className="space-y-2">
      <h3 className="text-sm font-semibold text-gray-800">Staff notes</h3>
      {order.staffNotes.length === 0 ? (
        <p className="text-xs text-gray-500">No notes yet.</p>
      ) : (
        <ul className="space-y-1" data-testid="staff-notes">
          {order.staffNotes.map((n) => (
            <li key={n.noteId} className="rounded bg-slate-50 p-2 text-sm" data-testid="staff-note">
              <p className="whitespace-pre-wrap text-gray-900">{n.text}</p>
              <p className="text-xs text-gray-500">
                {n.author} ({n.authorRole}) · {formatAdminDate(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {mayWrite && (
        <form className="flex flex-wrap items-start gap-2" onSubmit={submit} noValidate>
          <textarea
            aria-label={`New note on ${order.orderNumber}`}
            className={`${input} min-w-60 flex-1`}
            rows={2}
            maxLength={2000}
            value={text}
            onChange={(e) => (setText(e.target.value), reset())}
          />
          <button type="submit" className={btnSecondary} disabled={isLoading || !text.trim()}>
            {isLoading ? 'Adding...' : 'Add note'}
          </button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700">
              {errorMessage(error, 'The note was not saved.')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
