import { useEffect, useState, type FormEvent } from 'react';
import { CATEGORIES } from '../../../../libs/domain/src/shop-config';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { Switch } from '../shared/switch';
import { btnDanger, btnPrimary, btnSecondary, card, input, pageTitle, td } from '../shared/styles';
import { DataTable } from '../shared/data-table';
import { ListStates } from '../shared/list-states';
import { Field } from '../shared/field';
import { categoryName } from '../shared/names';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { shopDate } from '../../../../libs/domain/src/shared/shop-date';
import { discountEffect, type DiscountDraft } from './discount-effect';
import { WhatIfPanel } from '../what-if/what-if-panel';
import {
  useCreateDiscountMutation,
  useDeleteDiscountMutation,
  useGetDiscountsQuery,
  useUpdateDiscountMutation,
  type Discount,
} from './discounts-api';


/** A discount is a whole number above 0 and up to 100. */
const validPercent = (value: number) => Number.isInteger(value) && value > 0 && value <= 100;

/** Dates are shop days (Cairo), both inclusive; an empty field leaves that end open. */
const windowBody = (startsOn: string, endsOn: string) => ({ startsOn: startsOn || null, endsOn: endsOn || null });

const STATUS_TEXT: Record<Discount['status'], string> = { inForce: 'In force', scheduled: 'Scheduled', ended: 'Ended', inactive: 'Off' };
const STATUS_STYLE: Record<Discount['status'], string> = {
  inForce: 'bg-green-100 text-green-800',
  scheduled: 'bg-blue-100 text-blue-800',
  ended: 'bg-gray-200 text-gray-700',
  inactive: 'bg-gray-100 text-gray-500',
};

export function DiscountsPage() {
  const { data = [], isLoading, isError, refetch, isFetching } = useGetDiscountsQuery();
  const [createDiscount, createState] = useCreateDiscountMutation();
  const [category, setCategory] = useState('');
  // No amount is offered: a discount is typed on purpose, never submitted by accident.
  const [percentage, setPercentage] = useState('');
  const [percentError, setPercentError] = useState<string | null>(null);
  const [active, setActive] = useState(true);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  // A discount on the whole shop waits for a second yes, naming what it will do.
  const [shopWide, setShopWide] = useState<DiscountDraft | null>(null);
  const toast = useToast();

  useLoadErrorToast(isError, 'Failed to load discounts');

  const create = async (draft: DiscountDraft) => {
    setShopWide(null);
    try {
      await createDiscount({ category: draft.category, percentage: draft.percentage, active: draft.active, startsOn: draft.startsOn, endsOn: draft.endsOn }).unwrap();
      toast.success('Created');
      setPercentage('');
      setCategory('');
      setActive(true);
      setStartsOn('');
      setEndsOn('');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to create'));
    }
  };

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(percentage);
    if (percentage.trim() === '' || !validPercent(value)) {
      setPercentError(percentage.trim() === '' ? 'Enter the percent off: a whole number from 1 to 100' : 'Enter a value between 1 and 100');
      return;
    }
    setPercentError(null);
    const draft: DiscountDraft = { category: category || null, percentage: value, active, ...windowBody(startsOn, endsOn) };
    if (draft.category === null) setShopWide(draft);
    else void create(draft);
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Discounts</h1>
      <form onSubmit={onCreate} noValidate className={`${card} flex flex-wrap items-end gap-3`} aria-label="Create discount">
        <Field id="discount-category" label="Category">
          <select id="discount-category" className={input} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All Categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryName(c)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="discount-percent" label="Percent off">
          <input
            id="discount-percent"
            type="number"
            min={1}
            max={100}
            step={1}
            required
            placeholder="Required"
            aria-invalid={percentError !== null}
            aria-describedby={percentError ? 'discount-percent-error' : undefined}
            className={`${input} w-28`}
            value={percentage}
            onChange={(e) => setPercentage(e.target.value)}
          />
          {percentError && (
            <p id="discount-percent-error" role="alert" className="mt-1 max-w-48 text-xs text-red-700">
              {percentError}
            </p>
          )}
        </Field>
        <Field id="discount-starts" label="Starts on">
          <input id="discount-starts" type="date" className={input} value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </Field>
        <Field id="discount-ends" label="Ends on (last day)">
          <input id="discount-ends" type="date" className={input} value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </Field>
        <div className="flex items-center gap-2 pb-2">
          <Switch checked={active} onChange={setActive} label="Active" />
          <span className="text-sm">Active</span>
        </div>
        <button type="submit" className={btnPrimary} disabled={createState.isLoading}>
          Add Discount
        </button>
      </form>
      <WhatIfPanel rule="discount" categories={CATEGORIES} />

      <div className="flex justify-end">
        <button type="button" className={btnSecondary} onClick={() => refetch()} disabled={isFetching}>
          Refresh
        </button>
      </div>
      <ListStates isLoading={isLoading} isError={isError} isEmpty={data.length === 0} loading="Loading discounts..." failed="Failed to load discounts" empty="No discounts found">
        <DataTable columns={['ID', 'Category', 'Percentage', 'Starts on', 'Ends on', 'Active', 'Status', 'Actions']}>
          {data.map((discount) => (
            <DiscountRow key={discount.id} discount={discount} />
          ))}
        </DataTable>
      </ListStates>
      {shopWide && (
        <ConfirmDialog
          title="Discount the whole shop?"
          message={`${discountEffect(shopWide, shopDate(new Date()))}.`}
          confirmLabel="Add shop-wide discount"
          cancelLabel="Go back"
          busy={createState.isLoading}
          onConfirm={() => create(shopWide)}
          onCancel={() => setShopWide(null)}
        />
      )}
    </div>
  );
}

const dateCell = 'rounded-md border border-gray-300 px-2 py-1 text-sm';

/** Percentage, active and the window are held locally until Save is pressed for the row */
function DiscountRow({ discount }: { discount: Discount }) {
  const [percentage, setPercentage] = useState(String(discount.percentage));
  const [active, setActive] = useState(discount.active);
  const [startsOn, setStartsOn] = useState(discount.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(discount.endsOn ?? '');
  const [updateDiscount, updateState] = useUpdateDiscountMutation();
  const [deleteDiscount, deleteState] = useDeleteDiscountMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Saving a discount on every category that will be in force asks first, as creating one does.
  const [confirmingSave, setConfirmingSave] = useState<DiscountDraft | null>(null);
  const toast = useToast();

  useEffect(() => {
    setPercentage(String(discount.percentage));
    setActive(discount.active);
    setStartsOn(discount.startsOn ?? '');
    setEndsOn(discount.endsOn ?? '');
  }, [discount.percentage, discount.active, discount.startsOn, discount.endsOn]);

  const save = () => {
    const value = Number(percentage);
    if (!validPercent(value)) {
      toast.error('Invalid percent', 'Enter a value between 1 and 100');
      return;
    }
    const draft: DiscountDraft = { category: discount.category, percentage: value, active, ...windowBody(startsOn, endsOn) };
    if (draft.category === null && draft.active) setConfirmingSave(draft);
    else void saveDraft(draft);
  };

  const saveDraft = async ({ percentage: value, active: on, startsOn: from, endsOn: until }: DiscountDraft) => {
    setConfirmingSave(null);
    try {
      await updateDiscount({ id: String(discount.id), updateDiscountDto: { percentage: value, active: on, startsOn: from, endsOn: until } }).unwrap();
      toast.success('Saved');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to update'));
    }
  };

  const remove = async () => {
    setConfirmingDelete(false);
    try {
      await deleteDiscount(String(discount.id)).unwrap();
      toast.success('Deleted', `Discount #${discount.id} deleted`);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to delete'));
    }
  };

  return (
    <tr>
      <td className={td}>{discount.id}</td>
      <td className={td}>{categoryName(discount.category)}</td>
      <td className={td}>
        <input
          type="number"
          min={1}
          max={100}
          step={1}
          aria-label={`Percentage of discount ${discount.id}`}
          className="w-24 rounded-md border border-gray-300 px-2 py-1 text-sm"
          value={percentage}
          onChange={(e) => setPercentage(e.target.value)}
        />
      </td>
      <td className={td}>
        <input type="date" aria-label={`Start of discount ${discount.id}`} className={dateCell} value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
      </td>
      <td className={td}>
        <input type="date" aria-label={`End of discount ${discount.id}`} className={dateCell} value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
      </td>
      <td className={td}>
        <Switch checked={active} onChange={setActive} label={`Active: discount ${discount.id}`} />
      </td>
      <td className={td}>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[discount.status]}`}>{STATUS_TEXT[discount.status]}</span>
      </td>
      <td className={`${td} space-x-2 whitespace-nowrap`}>
        <button type="button" className={btnPrimary} onClick={save} disabled={updateState.isLoading}>
          Save
        </button>
        <button type="button" className={btnDanger} onClick={() => setConfirmingDelete(true)} disabled={deleteState.isLoading}>
          Delete
        </button>
        {confirmingSave && (
          <ConfirmDialog
            title="Change the whole shop's discount?"
            message={`${discountEffect(confirmingSave, shopDate(new Date()))}.`}
            confirmLabel="Save shop-wide discount"
            cancelLabel="Go back"
            busy={updateState.isLoading}
            onConfirm={() => saveDraft(confirmingSave)}
            onCancel={() => setConfirmingSave(null)}
          />
        )}
        {confirmingDelete && (
          <ConfirmDialog
            title="Delete discount"
            message={`Delete discount #${discount.id} (${discount.percentage}% off ${discount.category ? `${categoryName(discount.category)} posters` : 'every poster in the shop'})? It stops applying at once.`}
            onConfirm={remove}
            onCancel={() => setConfirmingDelete(false)}
          />
        )}
      </td>
    </tr>
  );
}
