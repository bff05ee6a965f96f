import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { generatedApi, type EditLineDto, type EditOrderDto, type OrderVersionView } from '../../api/generated-admin';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { GOVERNORATES, SIZES } from '../../../../libs/domain/src/shop-config';
import { Dialog } from '../shared/dialog';
import { governorateName } from '../shared/names';
import { btnPrimary, btnSecondary, input, label } from '../shared/styles';
import { sizeLabel, type AdminOrder } from './order-model';
import { useEditOrderMutation, usePreviewOrderEditMutation } from './orders-api';

type CustomerField = 'firstName' | 'lastName' | 'phone' | 'addressLine' | 'building' | 'apartment' | 'city' | 'governorate' | 'notes';

const TEXT_FIELDS: ReadonlyArray<{ field: Exclude<CustomerField, 'governorate' | 'notes'>; name: string }> = [
  { field: 'firstName', name: 'First name' },
  { field: 'lastName', name: 'Last name' },
  { field: 'phone', name: 'Phone' },
  { field: 'addressLine', name: 'Address' },
  { field: 'building', name: 'Building' },
  { field: 'apartment', name: 'Apartment' },
  { field: 'city', name: 'City' },
];

/** A line in the dialog: one of the order's (itemId) or a poster being added (posterId). */
interface Line {
  key: string;
  itemId?: string;
  posterId?: string;
  productId?: string;
  name: string;
  kind: string;
  size: string | null;
  quantity: number;
}

const linesOf = (order: AdminOrder): Line[] =>
  order.items.map((i) => ({ key: i.itemId, itemId: i.itemId, name: i.name, kind: i.kind, size: i.size, quantity: i.quantity }));

const customerOf = (order: AdminOrder): Record<CustomerField, string> => ({
  firstName: order.firstName, lastName: order.lastName, phone: order.phone, addressLine: order.addressLine, building: order.building,
  apartment: order.apartment, city: order.city, governorate: order.governorate, notes: order.notes ?? '',
});

const lineDto = (l: Line): EditLineDto =>
  l.itemId ? { itemId: l.itemId, quantity: l.quantity, ...(l.size ? { size: l.size as EditLineDto['size'] } : {}) } : l.posterId ? { posterId: l.posterId, size: l.size as EditLineDto['size'], quantity: l.quantity } : { productId: l.productId, quantity: l.quantity };

const FIGURES: ReadonlyArray<[keyof OrderVersionView, string]> = [
  ['subtotal', 'Subtotal'],
  ['discountFromPromotions', 'Discounts'],
  ['discountFromPromoCode', 'Promo code'],
  ['shippingCost', 'Shipping'],
  ['codFee', 'COD fee'],
  ['total', 'Total'],
];

/** Old and new figures side by side, as the server priced them. */
function TotalsPreview({ before, after }: { before: OrderVersionView; after: OrderVersionView }) {
  return (
    <table className="w-full text-sm" data-testid="edit-preview">
      <thead>
        <tr className="text-left text-xs uppercase text-gray-500">
          <th />
          <th className="text-right">Now</th>
          <th className="text-right">After the edit</th>
        </tr>
      </thead>
      <tbody>
        {FIGURES.map(([key, name]) => (
          <tr key={key} data-figure={key} className={key === 'total' ? 'font-semibold' : undefined}>
            <td>{name}</td>
            <td className="text-right tabular-nums" data-side="before">{formatMoney(before[key] as number)}</td>
            <td className="text-right tabular-nums" data-side="after">{formatMoney(after[key] as number)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Adds a poster: found by name among the catalogue's posters, in one of its sizes. */
function AddPoster({ onAdd }: { onAdd: (line: Line) => void }) {
  const [search, setSearch] = useState('');
  const { data } = generatedApi.useGetAdminPostersQuery({ search: search.trim() || undefined, size: 10 });
  const [posterId, setPosterId] = useState('');
  const poster = data?.data.find((p) => p.id === posterId);
  const [size, setSize] = useState('');
  return (
    <fieldset className="space-y-2 rounded border border-gray-200 p-2">
      <legend className="px-1 text-xs font-semibold text-gray-600">Add a poster</legend>
      <input aria-label="Find a poster" className={input} placeholder="Poster name" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <select aria-label="Poster to add" className={input} value={posterId} onChange={(e) => (setPosterId(e.target.value), setSize(''))}>
          <option value="">Choose a poster</option>
          {data?.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <select aria-label="Size to add" className={input} value={size} onChange={(e) => setSize(e.target.value)} disabled={!poster}>
          <option value="">Size</option>
          {poster?.variants.map((v) => (
            <option key={v.size} value={v.size}>
              {sizeLabel(v.size)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={btnSecondary}
          disabled={!poster || !size}
          onClick={() => poster && size && (onAdd({ key: `new-${poster.id}-${size}-${Date.now()}`, posterId: poster.id, name: poster.name, kind: 'poster', size, quantity: 1 }), setPosterId(''), setSize(''))}
        >
          Add poster
        </button>
      </div>
    </fieldset>
  );
}

/**
 * Edits an order before it ships: the customer's contact, address, governorate and delivery notes,
 * and its lines. Every change is priced by the server (the preview route, which saves nothing):
 * the dialog shows the order's figures now and after the edit, and saves only what it showed, on
 * the revision it was opened on (someone else's change meanwhile refuses the save).
 */
export function EditOrderDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const before = useMemo(() => customerOf(order), [order]);
  const [customer, setCustomer] = useState(before);
  const [lines, setLines] = useState<Line[]>(() => linesOf(order));
  const [reason, setReason] = useState('');
  const [revision] = useState(order.revision);
  const [preview, previewState] = usePreviewOrderEditMutation();
  const [save, saveState] = useEditOrderMutation();

  const linesChanged = JSON.stringify(lines.map(lineDto)) !== JSON.stringify(linesOf(order).map(lineDto));
  const body = useMemo((): EditOrderDto => {
    const changed = (Object.keys(customer) as CustomerField[]).filter((f) => customer[f].trim() !== before[f]);
    return {
      ...Object.fromEntries(changed.map((f) => [f, customer[f].trim()])),
      ...(linesChanged ? { lines: lines.map(lineDto) } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      expectedRevision: revision,
    } as EditOrderDto;
  }, [customer, before, lines, linesChanged, reason, revision]);
  const key = JSON.stringify(body);
  const hasChanges = Object.keys(body).some((k) => k !== 'expectedRevision' && k !== 'reason');

  useEffect(() => {
    if (!hasChanges) return;
    const timer = setTimeout(() => void preview({ id: order.id, editOrderDto: JSON.parse(key) as EditOrderDto }).unwrap().catch(() => undefined), 250);
    return () => clearTimeout(timer);
  }, [key, hasChanges, order.id, preview]);

  const priced = previewState.data && previewState.originalArgs && JSON.stringify(previewState.originalArgs.editOrderDto) === key && !previewState.isError ? previewState.data : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!priced) return;
    await save({ id: order.id, editOrderDto: body }).unwrap().then(onClose).catch(() => undefined);
  };

  const setLine = (k: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === k ? { ...l, ...patch } : l)));

  return (
    <Dialog title={`Edit order ${order.orderNumber}`} onClose={onClose} wide>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          {TEXT_FIELDS.map(({ field, name }) => (
            <div key={field}>
              <label className={label} htmlFor={`edit-${field}`}>
                {name}
              </label>
              <input id={`edit-${field}`} className={input} maxLength={200} value={customer[field]} onChange={(e) => setCustomer((c) => ({ ...c, [field]: e.target.value }))} />
            </div>
          ))}
          <div>
            <label className={label} htmlFor="edit-governorate">
              Governorate
            </label>
            <select id="edit-governorate" className={input} value={customer.governorate} onChange={(e) => setCustomer((c) => ({ ...c, governorate: e.target.value }))}>
              {GOVERNORATES.map((g) => (
                <option key={g.code} value={g.code}>
                  {governorateName(g.code)}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2">
            <label className={label} htmlFor="edit-notes">
              Delivery notes
            </label>
            <textarea id="edit-notes" className={input} rows={2} maxLength={1000} value={customer.notes} onChange={(e) => setCustomer((c) => ({ ...c, notes: e.target.value }))} />
          </div>
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Lines</h3>
          <ul className="space-y-2">
            {lines.map((l) => (
              <li key={l.key} className="flex flex-wrap items-center gap-2" data-testid="edit-line" aria-label={`Line ${l.name}`}>
                <span className="min-w-40 flex-1 text-sm">{l.name}</span>
                {l.kind !== 'addon' && (
                  <select aria-label={`Size of ${l.name}`} className="rounded border border-gray-300 px-2 py-1 text-sm" value={l.size ?? ''} onChange={(e) => setLine(l.key, { size: e.target.value })}>
                    {SIZES.map((s) => (
                      <option key={s} value={s}>
                        {sizeLabel(s)}
                      </option>
                    ))}
                  </select>
                )}
                <input
                  aria-label={`Quantity of ${l.name}`}
                  type="number"
                  min={1}
                  max={100}
                  className="w-20 rounded border border-gray-300 px-2 py-1 text-sm"
                  value={l.quantity}
                  onChange={(e) => setLine(l.key, { quantity: Number(e.target.value) })}
                />
                <button type="button" className="text-xs text-red-700 underline" onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <AddPoster onAdd={(line) => setLines((ls) => [...ls, line])} />
        </div>
        <div>
          <label className={label} htmlFor="edit-reason">
            Reason (kept in the order's history)
          </label>
          <textarea id="edit-reason" className={input} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {!hasChanges && <p className="text-sm text-gray-600">Change a field or a line to see the new totals.</p>}
        {hasChanges && previewState.isLoading && <p className="text-sm text-gray-600">Pricing the edit...</p>}
        {hasChanges && previewState.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(previewState.error, 'The edit could not be priced.')}
          </p>
        )}
        {hasChanges && priced && <TotalsPreview before={priced.before} after={priced.after} />}
        {saveState.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(saveState.error, 'The edit was not saved. Please try again.')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={btnSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btnPrimary} disabled={!priced || saveState.isLoading}>
            {saveState.isLoading ? 'Saving...' : 'Save edit'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
