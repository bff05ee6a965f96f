import { useId, useState, type FormEvent } from 'react';
import type { ErasePersonalDataDto, ErasureView } from '../../api/generated-admin';
import { errorMessage } from '../shared/error-text';
import { Dialog } from '../shared/dialog';
import { Field } from '../shared/field';
import { btnDanger, btnSecondary, errorPanel, input } from '../shared/styles';
import { useErasePersonalDataMutation, usePreviewErasureQuery, type Customer } from './customers-api';
import { HoldNotice, OpenOrdersChoice, statusLabel, type OpenOrderChoice } from './erasure-hold';

const REASONS: Array<{ value: ErasePersonalDataDto['reason']; text: string }> = [
  { value: 'SUBJECT_REQUEST', text: 'The customer asked' },
  { value: 'CONSENT_WITHDRAWN', text: 'Consent withdrawn' },
  { value: 'NO_LONGER_NEEDED', text: 'No longer needed' },
  { value: 'UNLAWFUL_PROCESSING', text: 'Processed unlawfully' },
  { value: 'LEGAL_OBLIGATION', text: 'A legal obligation' },
];

/**
 * Erasing a customer: what will be erased first, then the phone typed again and a reason, then
 * what was deleted. Nothing is erased until the admin confirms. Unfinished orders are listed with
 * their status, and the admin chooses: cancel them first, or hold the erasure until they finish.
 */
export function EraseCustomerDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const { data: scope, isLoading, isError } = usePreviewErasureQuery(customer.subjectId);
  const [erase, { isLoading: erasing, error }] = useErasePersonalDataMutation();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState<ErasePersonalDataDto['reason'] | ''>('');
  const [openOrders, setOpenOrders] = useState<OpenOrderChoice | ''>('');
  const [done, setDone] = useState<ErasureView | undefined>();
  const phoneId = useId();
  const reasonId = useId();
  const open = scope?.alreadyErased ? [] : (scope?.orders ?? []).filter((o) => !o.finished);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    const result = await erase({ subjectId: customer.subjectId, erasePersonalDataDto: { phone, reason, ...(openOrders ? { openOrders } : {}) } });
    if ('data' in result && result.data) setDone(result.data);
  }

  return (
    <Dialog title="Erase personal data" onClose={onClose} wide>
      {done ? (
        <ErasureDone result={done} onClose={onClose} />
      ) : isLoading ? (
        <p className="text-sm text-gray-500">Finding what this customer's data is in...</p>
      ) : isError || !scope ? (
        <div className={errorPanel} role="alert">Could not find what would be erased</div>
      ) : (
        <form onSubmit={submit} className="space-y-4 text-sm">
          <section aria-label="What will be erased" className="space-y-2">
            <p>
              The {scope.fields.join(', ')} of {customer.firstName} {customer.lastName} will read "erased" everywhere. Items, totals,
              statuses, governorate and dates stay.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                {scope.orders.length} order{scope.orders.length === 1 ? '' : 's'}: {scope.orders.map((o) => `${o.orderNumber} (${statusLabel(o.status)})`).join(', ')}
              </li>
              <li>{scope.newsletterAddresses} newsletter address{scope.newsletterAddresses === 1 ? '' : 'es'} given at checkout</li>
              <li>{scope.uploads.length} custom-poster photo{scope.uploads.length === 1 ? '' : 's'} deleted</li>
              <li>{scope.exports.length} export file{scope.exports.length === 1 ? '' : 's'} holding them deleted</li>
            </ul>
            {scope.replaySchemas.length > 0 && (
              <p>
                Replays made before still hold the data until dropped or replayed again: {scope.replaySchemas.map((s) => s.schema).join(', ')}
              </p>
            )}
          </section>
          {scope.hold && <HoldNotice hold={scope.hold} />}
          {open.length > 0 && <OpenOrdersChoice open={open} choice={openOrders} onChoose={setOpenOrders} />}
          <Field id={phoneId} label="Type the customer's phone to confirm">
            <input id={phoneId} className={input} value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" autoComplete="off" required />
          </Field>
          <Field id={reasonId} label="Reason">
            <select id={reasonId} className={input} value={reason} onChange={(e) => setReason(e.target.value as ErasePersonalDataDto['reason'])} required>
              <option value="">Choose a reason</option>
              {REASONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.text}
                </option>
              ))}
            </select>
          </Field>
          {error && (
            <p className="text-red-700" role="alert">
              {errorMessage(error, 'The erasure failed')}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={btnSecondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={btnDanger} disabled={erasing || !phone || !reason || (open.length > 0 && !openOrders)}>
              {erasing ? 'Erasing...' : openOrders === 'hold' && open.length > 0 ? 'Hold the erasure' : 'Erase personal data'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function ErasureDone({ result, onClose }: { result: ErasureView; onClose: () => void }) {
  if (result.hold) {
    return (
      <section aria-label="What was held" className="space-y-2 text-sm">
        <p role="status">Erasure held: nothing was erased yet.</p>
        <HoldNotice hold={result.hold} />
        <div className="flex justify-end">
          <button type="button" className={btnSecondary} onClick={onClose}>
            Done
          </button>
        </div>
      </section>
    );
  }
  return (
    <section aria-label="What was erased" className="space-y-2 text-sm">
      <p role="status">{result.alreadyErased ? 'This customer was already erased.' : 'Personal data erased.'}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {result.orders.length} order{result.orders.length === 1 ? '' : 's'} now show "erased"
        </li>
        <li>Photos deleted: {result.deletedUploads.length ? result.deletedUploads.join(', ') : 'none'}</li>
        <li>Export files deleted: {result.deletedExports.length ? result.deletedExports.join(', ') : 'none'}</li>
      </ul>
      {result.replaySchemas.length > 0 && (
        <p>
          Still holding the data (drop them, or replay them again with npm run replay): {result.replaySchemas.map((s) => s.schema).join(', ')}
        </p>
      )}
      <div className="flex justify-end">
        <button type="button" className={btnSecondary} onClick={onClose}>
          Done
        </button>
      </div>
    </section>
  );
}
