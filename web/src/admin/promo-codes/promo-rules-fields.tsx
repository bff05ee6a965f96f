import { CATEGORIES, categoryLabel } from '../../../../libs/domain/src/shop-config';
import { Field } from '../shared/field';
import { input } from '../shared/styles';
import type { PromoCode } from './promo-codes-api';

/** The rule fields as the form holds them: text, '' for "no rule". */
export interface PromoRulesForm {
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  minimumSubtotal: string;
  category: string;
}

export const NO_RULES_FORM: PromoRulesForm = { startsOn: '', endsOn: '', usageLimit: '', oncePerCustomer: false, minimumSubtotal: '', category: '' };

/** The body's rule fields; an empty field is sent as null (no rule), and the server names a wrong one. */
export function rulesBody(f: PromoRulesForm) {
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    startsOn: f.startsOn || null,
    endsOn: f.endsOn || null,
    usageLimit: number(f.usageLimit),
    oncePerCustomer: f.oncePerCustomer,
    minimumSubtotal: number(f.minimumSubtotal),
    category: f.category || null,
  };
}

export function PromoRulesFields({ value, onChange }: { value: PromoRulesForm; onChange: (next: PromoRulesForm) => void }) {
  const set = <K extends keyof PromoRulesForm>(key: K, v: PromoRulesForm[K]) => onChange({ ...value, [key]: v });
  return (
    <>
      <Field id="promo-starts" label="Starts on">
        <input id="promo-starts" type="date" className={input} value={value.startsOn} onChange={(e) => set('startsOn', e.target.value)} />
      </Field>
      <Field id="promo-ends" label="Ends on (last day)">
        <input id="promo-ends" type="date" className={input} value={value.endsOn} onChange={(e) => set('endsOn', e.target.value)} />
      </Field>
      <Field id="promo-limit" label="Usage limit">
        <input id="promo-limit" type="number" min={1} placeholder="No limit" className={`${input} w-28`} value={value.usageLimit} onChange={(e) => set('usageLimit', e.target.value)} />
      </Field>
      <Field id="promo-minimum" label="Minimum subtotal (LE)">
        <input id="promo-minimum" type="number" min={0} placeholder="None" className={`${input} w-32`} value={value.minimumSubtotal} onChange={(e) => set('minimumSubtotal', e.target.value)} />
      </Field>
      <Field id="promo-category" label="Category">
        <select id="promo-category" className={input} value={value.category} onChange={(e) => set('category', e.target.value)}>
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 pb-2 text-sm text-gray-700">
        <input type="checkbox" checked={value.oncePerCustomer} onChange={(e) => set('oncePerCustomer', e.target.checked)} />
        Once per customer
      </label>
    </>
  );
}

/** The rules of a listed code in one line: "1 Dec – 7 Dec · min LE 300 · Football · once per customer". */
export function rulesSummary(p: PromoCode): string {
  const parts: string[] = [];
  if (p.startsOn || p.endsOn) parts.push(`${p.startsOn ?? '…'} – ${p.endsOn ?? '…'}`);
  if (p.minimumSubtotal > 0) parts.push(`min LE ${p.minimumSubtotal}`);
  if (p.category) parts.push(categoryLabel(p.category));
  if (p.oncePerCustomer) parts.push('once per customer');
  return parts.length ? parts.join(' · ') : 'None';
}

/** "3 of 100 (97 left)", or "3" without a limit. */
export function usesSummary(p: PromoCode): string {
  return p.usageLimit === null ? String(p.uses) : `${p.uses} of ${p.usageLimit} (${p.remainingUses ?? 0} left)`;
}
