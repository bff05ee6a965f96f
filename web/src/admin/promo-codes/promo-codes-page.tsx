import { useState, type FormEvent } from 'react';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { useConfirmedDelete } from '../shared/use-confirmed-delete';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { RowDeleteButton } from '../shared/row-delete-button';
import { formatAdminDate } from '../shared/format-date';
import { Switch } from '../shared/switch';
import { btnPrimary, btnSecondary, card, input, pageTitle, td } from '../shared/styles';
import { DataTable } from '../shared/data-table';
import { Pager } from '../shared/pager';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';
import { ListStates } from '../shared/list-states';
import { Field } from '../shared/field';
import { WhatIfPanel } from '../what-if/what-if-panel';
import { NO_RULES_FORM, PromoRulesFields, rulesBody, rulesSummary, usesSummary, type PromoRulesForm } from './promo-rules-fields';
import { promoStatus, PROMO_STATUS_WORDS, type PromoStatus } from '../../../../libs/domain/src/promotion/promo-status';
import { shopDate } from '../../../../libs/domain/src/shared/shop-date';
import { useCreatePromoCodeMutation, useDeletePromoCodeMutation, useGetPromoCodesQuery, useUpdatePromoCodeMutation, type PromoCode } from './promo-codes-api';

const STATUS_STYLE: Record<PromoStatus, string> = {
  active: 'bg-green-100 text-green-800',
  scheduled: 'bg-blue-100 text-blue-800',
  expired: 'bg-gray-200 text-gray-700',
  'used-up': 'bg-amber-100 text-amber-900',
  inactive: 'bg-gray-100 text-gray-500',
};

export function PromoCodesPage() {
  const { setPage, pageQuery } = usePagedList();
  const { data: answer, isLoading, isFetching, isError } = useGetPromoCodesQuery(pageQuery);
  useLastPageClamp(answer, setPage);
  const data = answer?.data ?? [];
  const [createPromo, createState] = useCreatePromoCodeMutation();
  const [updatePromo] = useUpdatePromoCodeMutation();
  const [deletePromo, deleteState] = useDeletePromoCodeMutation();
  const { deleting, setDeleting, confirmDelete } = useConfirmedDelete<PromoCode>(deletePromo, { done: 'Promo code deleted successfully', failed: 'Failed to delete promo code' });
  const [formOpen, setFormOpen] = useState(false);
  const [code, setCode] = useState('');
  // No amount is offered: a code's discount is typed on purpose.
  const [percent, setPercent] = useState('');
  const [percentError, setPercentError] = useState<string | null>(null);
  const [rules, setRules] = useState<PromoRulesForm>(NO_RULES_FORM);
  const [editing, setEditing] = useState<{ id: string; percent: string } | null>(null);
  const toast = useToast();

  useLoadErrorToast(isError, 'Failed to load promo codes');

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(percent);
    const percentOk = percent.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= 100;
    setPercentError(percentOk ? null : 'Enter the discount: a whole number from 1 to 100');
    if (!code.trim() || !percentOk) {
      toast.error('Error', 'Please enter a valid code and discount percentage (1-100)');
      return;
    }
    try {
      await createPromo({ code: code.trim(), percentOff: value, ...rulesBody(rules) }).unwrap();
      toast.success('Promo code created successfully');
      setCode('');
      setPercent('');
      setRules(NO_RULES_FORM);
      setFormOpen(false);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to create promo code'));
    }
  };

  const toggle = async (promo: PromoCode, active: boolean) => {
    try {
      await updatePromo({ id: promo.id, updatePromoCodeDto: { active } }).unwrap();
    } catch {
      toast.error('Error', 'Failed to update promo code status');
    }
  };

  const saveEdit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const value = Number(editing.percent);
    if (!Number.isInteger(value) || value < 1 || value > 100) {
      toast.error('Error', 'Please enter a valid discount percentage (1-100)');
      return;
    }
    try {
      await updatePromo({ id: editing.id, updatePromoCodeDto: { percentOff: value } }).unwrap();
      toast.success('Promo code updated successfully');
      setEditing(null);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to update promo code'));
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={pageTitle}>Promo Codes</h1>
        <button type="button" className={btnPrimary} aria-expanded={formOpen} onClick={() => setFormOpen((o) => !o)}>
          Add Promo Code
        </button>
      </div>
      {formOpen && (
        <form onSubmit={onCreate} noValidate className={`${card} flex flex-wrap items-end gap-3`} aria-label="Create promo code">
          <Field id="promo-code" label="Code">
            <input id="promo-code" className={input} value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Field id="promo-percent" label="Discount %">
            <input
              id="promo-percent"
              type="number"
              min={1}
              max={100}
              required
              placeholder="Required"
              aria-invalid={percentError !== null}
              aria-describedby={percentError ? 'promo-percent-error' : undefined}
              className={`${input} w-28`}
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
            />
            {percentError && (
              <p id="promo-percent-error" role="alert" className="mt-1 max-w-48 text-xs text-red-700">
                {percentError}
              </p>
            )}
          </Field>
          <PromoRulesFields value={rules} onChange={setRules} />
          <button type="submit" className={btnPrimary} disabled={createState.isLoading}>
            Create
          </button>
          <button type="button" className={btnSecondary} onClick={() => setFormOpen(false)}>
            Cancel
          </button>
        </form>
      )}
      <p className="text-sm text-gray-600" data-testid="promo-uses-note">
        A use counts when an order is placed with the code. Cancelling the order, or a refusal at the door before delivery, gives the use back.
      </p>
      <WhatIfPanel rule="promo" />
      <ListStates isLoading={isLoading} isError={isError} isEmpty={!answer || data.length === 0} loading="Loading promo codes..." failed="Failed to load promo codes" empty="No promo codes found">
        <DataTable
          columns={['Code', 'Discount', 'Rules', 'Uses', 'Status', 'Created', 'Actions']}
          busy={isFetching}
          footer={<Pager page={answer} shown={data.length} onPage={setPage} />}
        >
          {data.map((promo) => (
            <tr key={promo.id}>
              <td className={`${td} font-mono font-semibold`}>{promo.code}</td>
              <td className={td}>
                {editing?.id === promo.id ? (
                  <form className="flex gap-1" onSubmit={saveEdit} noValidate>
                    <input
                      type="number"
                      min={1}
                      max={100}
                      aria-label={`Discount of ${promo.code}`}
                      className="w-20 rounded border border-gray-300 px-2 py-1"
                      value={editing.percent}
                      onChange={(e) => setEditing({ id: promo.id, percent: e.target.value })}
                      autoFocus
                    />
                    <button type="submit" className={btnPrimary}>
                      Save
                    </button>
                    <button type="button" className={btnSecondary} onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  <span className="flex items-center gap-2">
                    {promo.percentOff}%
                    <button
                      type="button"
                      className="text-xs font-medium text-indigo-700 hover:underline"
                      aria-label={`Edit discount of ${promo.code}`}
                      onClick={() => setEditing({ id: promo.id, percent: String(promo.percentOff) })}
                    >
                      Edit
                    </button>
                  </span>
                )}
              </td>
              <td className={`${td} text-xs`}>{rulesSummary(promo)}</td>
              <td className={td} data-testid={`promo-uses-${promo.code}`}>
                {usesSummary(promo)}
              </td>
              <td className={td}>
                <span className="flex items-center gap-2">
                  <Switch checked={promo.active} onChange={(next) => toggle(promo, next)} label={`Active: ${promo.code}`} />
                  <PromoStatusBadge promo={promo} />
                </span>
              </td>
              <td className={td}>{formatAdminDate(promo.createdAt)}</td>
              <td className={td}>
                <RowDeleteButton onClick={() => setDeleting(promo)} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListStates>
      {deleting && (
        <ConfirmDialog
          title="Delete promo code"
          message={`Are you sure you want to delete the promo code "${deleting.code}"?`}
          busy={deleteState.isLoading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/** Where the code stands today (promoStatus): switched on is not the same as usable. */
function PromoStatusBadge({ promo }: { promo: PromoCode }) {
  const status = promoStatus(promo, shopDate(new Date()));
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`} data-testid={`promo-status-${promo.code}`}>
      {PROMO_STATUS_WORDS[status].en}
    </span>
  );
}
