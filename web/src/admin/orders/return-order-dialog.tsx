import { useState } from 'react';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { btnPrimary, btnSecondary, input, label } from '../shared/styles';
import type { AdminOrder } from './order-model';
import { useRecordRefundMutation, useReturnOrderMutation } from './orders-api';

/**
 * A delivered order's goods came back: how many of each line (none: the line stays sold; at most
 * what has not come back yet), why, and the cash handed back, if any. Goods and cash go in one
 * request, decided together: a refusal (more than was sold, more than was paid) records nothing.
 * Cash alone, with no goods, is a refund.
 */
export function ReturnOrderDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [returnOrder, returning] = useReturnOrderMutation();
  const [recordRefund, refunding] = useRecordRefundMutation();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState('');
  const toast = useToast();
  const lines = order.items.map((i) => ({ itemId: i.itemId, quantity: Number(quantities[i.itemId] ?? 0) })).filter((l) => l.quantity > 0);
  const refundAmount = refund.trim() === '' ? 0 : Number(refund);

  const submit = async () => {
    try {
      const answer = lines.length > 0 ? await returnOrder({ id: order.id, returnOrderDto: { lines, reason, refund: refundAmount > 0 ? refundAmount : null } }).unwrap() : null;
      if (!answer && refundAmount > 0) await recordRefund({ id: order.id, refundDto: { amount: refundAmount, returnId: null } }).unwrap();
      toast.success('Return recorded', answer ? `Goods returned: ${formatMoney(answer.amount)}` : `Refunded ${formatMoney(refundAmount)}`);
      onClose();
    } catch (e) {
      toast.error('Return not recorded', errorMessage(e, 'Failed to record the return'));
    }
  };

  return (
    <Dialog title={`Return goods: ${order.orderNumber}`} onClose={onClose}>
      <table className="w-full text-sm">
        <tbody>
          {order.items.map((item) => {
            const left = item.quantity - item.returnedQuantity;
            return (
              <tr key={item.itemId}>
                <td className="py-1 pr-2">{item.name}</td>
                <td className="py-1 pr-2 text-gray-500">{left === item.quantity ? `of ${item.quantity}` : `${left} of ${item.quantity} left`}</td>
                <td className="py-1">
                  {left > 0 ? (
                    <input
                      aria-label={`Returned quantity of ${item.name}`}
                      className={`${input} w-20`}
                      type="number"
                      min={0}
                      max={left}
                      value={quantities[item.itemId] ?? '0'}
                      onChange={(e) => setQuantities({ ...quantities, [item.itemId]: e.target.value })}
                    />
                  ) : (
                    <span className="text-gray-500">All returned</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label htmlFor="return-reason" className={`${label} mt-3`}>
        Reason (kept in the order's history)
      </label>
      <textarea id="return-reason" className={input} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      <label htmlFor="return-refund" className={`${label} mt-3`}>
        Cash handed back (EGP)
      </label>
      <input id="return-refund" className={input} inputMode="decimal" value={refund} onChange={(e) => setRefund(e.target.value)} />
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={btnSecondary} onClick={onClose}>
          Keep as is
        </button>
        <button
          type="button"
          className={btnPrimary}
          disabled={returning.isLoading || refunding.isLoading || Number.isNaN(refundAmount) || (lines.length === 0 && refundAmount <= 0) || (lines.length > 0 && reason.trim() === '')}
          onClick={() => void submit()}
        >
          Record return
        </button>
      </div>
    </Dialog>
  );
}
