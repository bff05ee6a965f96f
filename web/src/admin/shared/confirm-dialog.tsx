import { Dialog } from './dialog';
import { btnDanger, btnSecondary } from './styles';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirmation before a delete (posters, products, promo codes, subscribers, gallery images) or canceling an order. */
export function ConfirmDialog({ title, message, confirmLabel = 'Delete', cancelLabel = 'Cancel', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <p className="mb-5 text-sm text-gray-700">{message}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className={btnSecondary} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={btnDanger} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
