import { useState, type FormEvent } from 'react';
import type { CorrectCustomerDto } from '../../api/generated-admin';
import { errorMessage } from '../shared/error-text';
import { Dialog } from '../shared/dialog';
import { btnPrimary, btnSecondary, input, label } from '../shared/styles';
import type { AdminOrder } from './order-model';
import { useCorrectCustomerMutation } from './orders-api';

type Field = keyof CorrectCustomerDto;

const FIELDS: ReadonlyArray<{ field: Field; name: string }> = [
  { field: 'firstName', name: 'First name' },
  { field: 'lastName', name: 'Last name' },
  { field: 'phone', name: 'Phone' },
  { field: 'addressLine', name: 'Address' },
  { field: 'building', name: 'Building' },
  { field: 'apartment', name: 'Apartment' },
  { field: 'city', name: 'City' },
];

const current = (order: AdminOrder): Record<Field, string> =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, String(order[field] ?? '')])) as Record<Field, string>;

/**
 * Corrects the customer's name, phone or address on this order: the server records one
 * correction with before and after (encrypted, in the audit trail) and keeps the order with the
 * same person, a new phone included. Only the fields the admin changed are sent.
 */
export function CorrectCustomerDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const before = current(order);
  const [values, setValues] = useState(before);
  const [correct, { isLoading, error, data }] = useCorrectCustomerMutation();
  const changed = FIELDS.filter(({ field }) => values[field].trim() !== before[field]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const correctCustomerDto = Object.fromEntries(changed.map(({ field }) => [field, values[field].trim()])) as CorrectCustomerDto;
    await correct({ id: order.id, correctCustomerDto }).unwrap().catch(() => undefined);
  };

  return (
    <Dialog title={`Correct customer details of ${order.orderNumber}`} onClose={onClose}>
      {data ? (
        <div className="space-y-3">
          <p role="status" className="text-sm text-gray-800">
            {data.corrected.length > 0 ? `Corrected: ${data.corrected.join(', ')}.` : 'Nothing changed: the order already had these details.'}
          </p>
          <button type="button" className={btnPrimary} onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form className="space-y-3" onSubmit={submit} noValidate>
          {FIELDS.map(({ field, name }) => (
            <div key={field}>
              <label className={label} htmlFor={`correct-${field}`}>
                {name}
              </label>
              <input
                id={`correct-${field}`}
                className={input}
                value={values[field]}
                maxLength={200}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              />
            </div>
          ))}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(error, 'The correction was not saved. Please try again.')}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={btnSecondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={btnPrimary} disabled={isLoading || changed.length === 0}>
              {isLoading ? 'Saving...' : 'Save correction'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
