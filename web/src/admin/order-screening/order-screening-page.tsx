import { useEffect, useState, type FormEvent } from 'react';
import { PHONE_BLOCK_REASON_LABELS, PHONE_BLOCK_REASONS, type PhoneBlockReason } from '../../../../libs/domain/src/order-screening/phone-block-reasons';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { DataTable } from '../shared/data-table';
import { Field } from '../shared/field';
import { formatAdminDate } from '../shared/format-date';
import { ListStates } from '../shared/list-states';
import { Pager } from '../shared/pager';
import { staffMemberLabel } from '../shared/staff-role-label';
import { btnPrimary, btnSecondary, card, input, pageTitle, td } from '../shared/styles';
import { useLastPageClamp, usePagedList } from '../shared/use-paged-list';
import {
  useBlockPhoneMutation,
  useChangeOrderScreeningSettingsMutation,
  useGetBlockedPhonesQuery,
  useGetOrderScreeningSettingsQuery,
  useUnblockPhoneMutation,
  type BlockedPhone,
  type ScreeningSettings,
} from './order-screening-api';

const reasonName = (reason: string) => PHONE_BLOCK_REASON_LABELS[reason as PhoneBlockReason] ?? reason;

type SettingsForm = Record<keyof ScreeningSettings, string>;
const formOf = (s: ScreeningSettings): SettingsForm => ({
  reviewAfterRefusals: String(s.reviewAfterRefusals),
  duplicateWindowMinutes: String(s.duplicateWindowMinutes),
  largeFirstOrderMinimum: String(s.largeFirstOrderMinimum),
  manyOrdersPerHour: String(s.manyOrdersPerHour),
});

/** The owner's thresholds: each a number, 0 turning its check off. The server names a bad field. */
function SettingsCard() {
  const { data, isError } = useGetOrderScreeningSettingsQuery();
  const [save, saving] = useChangeOrderScreeningSettingsMutation();
  const [form, setForm] = useState<SettingsForm | null>(null);
  const toast = useToast();
  useEffect(() => {
    if (data) setForm(formOf(data));
  }, [data]);

  if (isError) return <p className="text-sm text-red-700">Failed to load the screening settings</p>;
  if (!form) return <p className="text-sm text-gray-500">Loading the screening settings...</p>;

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await save({
        reviewAfterRefusals: Number(form.reviewAfterRefusals),
        duplicateWindowMinutes: Number(form.duplicateWindowMinutes),
        largeFirstOrderMinimum: Number(form.largeFirstOrderMinimum),
        manyOrdersPerHour: Number(form.manyOrdersPerHour),
      }).unwrap();
      setForm(formOf(saved));
      toast.success('Screening settings saved');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to save the screening settings'));
    }
  };
  const field = (key: keyof SettingsForm, labelText: string, hint: string, step = '1') => (
    <Field id={`screening-${key}`} label={labelText}>
      <input
        id={`screening-${key}`}
        type="number"
        min={0}
        step={step}
        className={input}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        aria-describedby={`screening-${key}-hint`}
      />
      <p id={`screening-${key}-hint`} className="mt-1 text-xs text-gray-500">
        {hint}
      </p>
    </Field>
  );
  return (
    <form onSubmit={onSave} noValidate className={`${card} space-y-3`} aria-label="Screening settings">
      <h2 className="text-lg font-semibold">Thresholds</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field('reviewAfterRefusals', 'Needs review after refused parcels', 'Orders from a phone with this many parcels refused at the door wait under “Needs review” in the call queue. 0: never.')}
        {field('duplicateWindowMinutes', 'Duplicate window (minutes)', 'The same customer ordering the same lines again within this time is flagged “Likely duplicate”. 0: never.')}
        {field('largeFirstOrderMinimum', 'Large first order from (EGP)', 'A first order from a new phone at or above this total is flagged “Confirm before printing”. 0: never.', '0.01')}
        {field('manyOrdersPerHour', 'Orders per phone in an hour', 'A customer’s orders beyond this many within an hour are placed and flagged “Many orders from one phone”. 0: never.')}
      </div>
      <button type="submit" className={btnPrimary} disabled={saving.isLoading}>
        Save thresholds
      </button>
    </form>
  );
}

/** Blocks a phone: its checkouts are refused with a neutral message. */
function BlockForm() {
  const [block, blocking] = useBlockPhoneMutation();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState<PhoneBlockReason>('FAKE_ORDERS');
  const toast = useToast();
  const onBlock = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const blocked = await block({ phone: phone.trim(), reason }).unwrap();
      toast.success('Phone blocked', `${blocked.phone} can no longer check out`);
      setPhone('');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to block the phone'));
    }
  };
  return (
    <form onSubmit={onBlock} noValidate className={`${card} flex flex-wrap items-end gap-3`} aria-label="Block a phone">
      <Field id="block-phone" label="Phone">
        <input id="block-phone" className={input} inputMode="tel" placeholder="01XXXXXXXXX" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </Field>
      <Field id="block-reason" label="Reason">
        <select id="block-reason" className={input} value={reason} onChange={(e) => setReason(e.target.value as PhoneBlockReason)}>
          {PHONE_BLOCK_REASONS.map((r) => (
            <option key={r} value={r}>
              {PHONE_BLOCK_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={btnPrimary} disabled={blocking.isLoading}>
        Block phone
      </button>
    </form>
  );
}

/**
 * Fake cash-on-delivery order defence (the owner's): thresholds that flag orders in the call
 * queue, and the phones whose checkouts are refused.
 */
export function OrderScreeningPage() {
  const { setPage, pageQuery } = usePagedList();
  const { data: answer, isLoading, isFetching, isError } = useGetBlockedPhonesQuery(pageQuery);
  useLastPageClamp(answer, setPage);
  const rows = answer?.data ?? [];
  const [unblock, unblocking] = useUnblockPhoneMutation();
  const [lifting, setLifting] = useState<BlockedPhone | null>(null);
  const toast = useToast();

  const confirmLift = async () => {
    if (!lifting) return;
    try {
      await unblock(lifting.id).unwrap();
      toast.success('Block lifted', `${lifting.phone} can check out again`);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to lift the block'));
    }
    setLifting(null);
  };

  return (
    <div className="space-y-5">
      <div>
        <h1 className={pageTitle}>Order Screening</h1>
        <p className="mt-1 text-sm text-gray-600">Defence against fake cash-on-delivery orders: flags in the call queue, and phones that may not check out.</p>
      </div>
      <SettingsCard />
      <h2 className="text-lg font-semibold">Blocked phones</h2>
      <BlockForm />
      <ListStates isLoading={isLoading} isError={isError} isEmpty={!answer || rows.length === 0} loading="Loading blocked phones..." failed="Failed to load blocked phones" empty="No blocked phones">
        <DataTable columns={['Phone', 'Reason', 'Blocked by', 'Blocked', { label: 'Actions', srOnly: true }]} busy={isFetching} footer={<Pager page={answer} shown={rows.length} onPage={setPage} />}>
          {rows.map((row) => (
            <tr key={row.id} data-testid="blocked-phone">
              <td className={`${td} font-mono`}>{row.phone}</td>
              <td className={td}>{reasonName(row.reason)}</td>
              <td className={td}>{staffMemberLabel(row.blockedBy, row.blockedByRole)}</td>
              <td className={td}>{formatAdminDate(row.blockedAt)}</td>
              <td className={td}>
                <button type="button" className={btnSecondary} aria-label={`Lift the block on ${row.phone}`} onClick={() => setLifting(row)}>
                  Lift block
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListStates>
      {lifting && (
        <ConfirmDialog
          title="Lift the block"
          message={`${lifting.phone} will be able to check out again.`}
          busy={unblocking.isLoading}
          confirmLabel="Lift block"
          onConfirm={confirmLift}
          onCancel={() => setLifting(null)}
        />
      )}
    </div>
  );
}
