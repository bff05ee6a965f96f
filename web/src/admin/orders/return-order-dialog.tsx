import { useState } from 'react';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { Dialog } from '../shared/dialog';
import { btnPrimary, btnSecondary, input, label } from '../shared/styles';
import type { AdminOrder } from './order-model';
import { useRecordRefundMutation, useReturnOrderMutation } from './orders-api';

/**
 * A delivered order's goods came back: how many of each line (none: the line stays sold), why,
 * and the cash handed back, if any. The server refuses more than was sold, naming the line.
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
      const answer = lines.length > 0 ? await returnOrder({ id: order.id, returnOrderDto: { lines, reason } }).unwrap() : null;
      if (refundAmount > 0) await recordRefund({ id: order.id, refundDto: { amount: refundAmount, returnId: answer?.returnId ?? null } }).unwrap();
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
          {order.items.map((item) => (
            <tr key={item.itemId}>
              <td className="py-1 pr-2">{item.name}</td>
              <td className="py-1 pr-2 text-gray-500">of {item.quantity}</td>
              <td className="py-1">
                <input
                  aria-label={`Returned quantity of ${item.name}`}
                  className={`${input} w-20`}
                  type="number"
                  min={0}
                  max={item.quantity}
                  value={quantities[item.itemId] ?? '0'}
                  onChange={(e) => setQuantities({ ...quantities, [item.itemId]: e.target.value })}
                />
              </td>
            </tr>
          ))}
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
          disabled={returning.isLoading || refunding.isLoading || (lines.length === 0 && refundAmount <= 0) || (lines.length > 0 && reason.trim() === '')}
          onClick={() => void submit()}
        >
          Record return
        </button>
      </div>
    </Dialog>
  );
}
