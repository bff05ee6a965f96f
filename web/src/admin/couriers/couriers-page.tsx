import { useState, type FormEvent } from 'react';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../shared/error-text';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { sessionStaffRole } from '../auth/admin-session';
import { CardSection } from '../shared/card-section';
import { DataTable } from '../shared/data-table';
import { Field } from '../shared/field';
import { btnPrimary, btnSecondary, input, td } from '../shared/styles';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { CourierCashTable } from './courier-cash-table';
import { SettlementProgress } from './settlement-progress';
import { useAddCourierMutation, useGetCouriersQuery, useImportSettlementMutation, useUpdateCourierMutation, type Courier, type SettlementImport } from './couriers-api';

const OUTCOME_WORDS: Record<SettlementImport['lines'][number]['outcome'], string> = {
  applied: 'Applied',
  unchanged: 'Already recorded',
  unmatched: 'Unmatched',
  contradictory: 'Contradicts the order',
  rejected: 'Refused: wrong date',
};

const EFFECT_WORDS: Record<NonNullable<SettlementImport['lines'][number]['effect']>, string> = {
  delivered: 'delivered', refused: 'refused', paid: 'paid', collected: 'cash recorded',
};

/** Couriers: the cash each owes, importing a courier's status/settlement file, and (the owner) adding couriers. */
export function CouriersPage() {
  const role = sessionStaffRole();
  const canManage = !!role && can(role, 'couriers.manage');
  const { data: couriers = [], isError } = useGetCouriersQuery();
  useLoadErrorToast(isError, 'Failed to load couriers');
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-gray-900">Couriers</h1>
      {role && can(role, 'dashboard.read') && (
        <CardSection id="courier-cash" title="Cash by courier">
          <CourierCashTable />
        </CardSection>
      )}
      <CardSection id="courier-import" title="Import a courier’s file">
        <ImportForm couriers={couriers} />
      </CardSection>
      <CardSection id="courier-list" title="Couriers">
        <ul className="mb-3 space-y-1 text-sm" aria-label="Couriers">
          {couriers.map((c) => (
            <CourierItem key={c.id} courier={c} canEdit={canManage} />
          ))}
        </ul>
        {canManage && <AddCourierForm />}
      </CardSection>
    </div>
  );
}

/** A courier in the list; the owner renames it or changes its tracking link in place. */
function CourierItem({ courier, canEdit }: { courier: Courier; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [updateCourier, state] = useUpdateCourierMutation();
  if (editing) {
    return (
      <li>
        <CourierForm
          id={`courier-${courier.id}`}
          label={`Edit ${courier.name}`}
          submit="Save"
          initial={courier}
          busy={state.isLoading}
          save={(values) => updateCourier({ id: courier.id, updateCourierDto: values }).unwrap()}
          said={{ saved: 'Courier saved', refused: 'Courier not saved', failed: 'Failed to save the courier' }}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="font-medium">{courier.name}</span> <span className="text-gray-500">{courier.trackingUrlTemplate ?? 'no tracking link'}</span>
      {canEdit && (
        <button type="button" className="text-xs text-blue-700 underline" aria-label={`Edit ${courier.name}`} onClick={() => setEditing(true)}>
          Edit
        </button>
      )}
    </li>
  );
}

function AddCourierForm() {
  const [addCourier, state] = useAddCourierMutation();
  return (
    <CourierForm
      id="courier"
      label="Add courier"
      submit="Add courier"
      busy={state.isLoading}
      save={(values) => addCourier(values).unwrap()}
      said={{ saved: 'Courier added', refused: 'Courier not added', failed: 'Failed to add the courier' }}
    />
  );
}

interface CourierValues {
  name: string;
  /** null: no tracking link. */
  trackingUrlTemplate: string | null;
}

/**
 * A courier's name and tracking link, for adding one or editing one (`initial`); the server
 * checks both. It saves, says how that went, and an add form empties itself once saved.
 */
function CourierForm(props: {
  id: string;
  label: string;
  submit: string;
  initial?: Pick<Courier, 'name' | 'trackingUrlTemplate'>;
  busy: boolean;
  save: (values: CourierValues) => Promise<unknown>;
  said: { saved: string; refused: string; failed: string };
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(props.initial?.name ?? '');
  const [template, setTemplate] = useState(props.initial?.trackingUrlTemplate ?? '');
  const toast = useToast();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await props.save({ name, trackingUrlTemplate: template.trim() === '' ? null : template });
    } catch (error) {
      toast.error(props.said.refused, errorMessage(error, props.said.failed));
      return;
    }
    toast.success(props.said.saved);
    if (!props.initial) {
      setName('');
      setTemplate('');
    }
    props.onSaved?.();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" aria-label={props.label}>
      <Field id={`${props.id}-name`} label="Name">
        <input id={`${props.id}-name`} className={input} value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
      </Field>
      <Field id={`${props.id}-template`} label="Tracking link (https, {tracking} for the number)">
        <input id={`${props.id}-template`} className={`${input} min-w-80`} value={template} onChange={(e) => setTemplate(e.target.value)} placeholder="https://bosta.co/tracking-shipments?shipment-number={tracking}" />
      </Field>
      <button type="submit" className={btnPrimary} disabled={props.busy}>
        {props.submit}
      </button>
      {props.onCancel && (
        <button type="button" className={btnSecondary} onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

function ImportForm({ couriers }: { couriers: readonly { id: string; name: string }[] }) {
  const [importSettlement, state] = useImportSettlementMutation();
  const [courierId, setCourierId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<SettlementImport | null>(null);
  const toast = useToast();
  const chosen = courierId || couriers[0]?.id || '';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !chosen) {
      toast.error('Nothing to import', 'Choose a courier and its CSV file');
      return;
    }
    try {
      const answer = await importSettlement({ id: chosen, file }).unwrap();
      setResult(answer);
      toast.success('File imported', `${answer.applied} to apply, ${answer.unchanged} already recorded, ${answer.unmatched + answer.contradictory + answer.rejected} not applied`);
    } catch (error) {
      setResult(null);
      toast.error('File refused', errorMessage(error, 'The file could not be imported'));
    }
  };
  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Import courier file">
        <Field id="import-courier" label="Courier">
          <select id="import-courier" className={input} value={chosen} onChange={(e) => setCourierId(e.target.value)}>
            {couriers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="import-file" label="CSV file">
          <input id="import-file" type="file" accept=".csv,text/csv" className="text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <button type="submit" className={btnPrimary} disabled={state.isLoading || couriers.length === 0}>
          Import
        </button>
      </form>
      {result && <SettlementProgress key={result.importId} courierId={result.courierId} importId={result.importId} />}
      {result && (
        <DataTable columns={['Line', 'Tracking number', 'Status', 'Order', 'Outcome']}>
          {result.lines.map((l) => (
            <tr key={l.line}>
              <td className={td}>{l.line}</td>
              <td className={td}>{l.trackingNumber}</td>
              <td className={td}>{l.status}</td>
              <td className={td}>{l.orderNumber ?? '—'}</td>
              <td className={td}>
                {OUTCOME_WORDS[l.outcome]}
                {l.effect && `: ${EFFECT_WORDS[l.effect]}`}
                {l.message && <span className="block text-xs text-gray-500">{l.message}</span>}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

