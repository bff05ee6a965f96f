import { addDays, format, parseISO, startOfDay, subDays } from 'date-fns';
import { useEffect, useState, type FormEvent } from 'react';
import { CATEGORIES } from '../../../../libs/domain/src/shop-config';
import { errorMessage } from '../shared/error-text';
import { isJobFinished } from '../jobs/jobs-api';
import { ProgressBar } from '../shared/progress-bar';
import { btnPrimary, card, input, label } from '../shared/styles';
import { Field } from '../shared/field';
import { categoryName } from '../shared/names';
import { useGetWhatIfQuery, useStartWhatIfMutation, type WhatIfRequest } from './what-if-api';
import { WhatIfReportTable } from './what-if-report';

const day = (d: Date) => format(d, 'yyyy-MM-dd');
/** A form's blank field is "not part of the draft"; the server checks the rest and names what is wrong. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

type WhatIfPanelProps =
  /** The Discounts page drafts a category discount (the categories it offers)... */
  | { rule: 'discount'; categories: readonly string[] }
  /** ...the Promo Codes page a promo code. Both may draft the shipping threshold and COD fee. */
  | { rule: 'promo' };

/**
 * "Try it on past orders": the draft is replayed by a job over the orders of the period (the
 * admin's local days, last 30 by default) and the figures shown beside the recorded ones.
 */
export function WhatIfPanel(props: WhatIfPanelProps) {
  const { rule } = props;
  const today = new Date();
  const [category, setCategory] = useState('');
  const [discountPercent, setDiscountPercent] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [promoPercent, setPromoPercent] = useState('');
  const [threshold, setThreshold] = useState('');
  const [codFee, setCodFee] = useState('');
  // The draft's own rules, as the real discount or code would have them; blank: none.
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [minimum, setMinimum] = useState('');
  const [promoCategory, setPromoCategory] = useState('');
  const [usageLimit, setUsageLimit] = useState('');
  const [oncePerCustomer, setOncePerCustomer] = useState(false);
  const [from, setFrom] = useState(day(subDays(today, 30)));
  const [to, setTo] = useState(day(today));
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [startWhatIf, startState] = useStartWhatIfMutation();
  const [polling, setPolling] = useState(false);
  const { data: polled } = useGetWhatIfQuery(jobId ?? '', { skip: !jobId, pollingInterval: polling ? 1000 : 0 });
  const job = polled?.id === jobId ? polled : undefined;
  const finished = !!job && isJobFinished(job.state);
  useEffect(() => {
    if (finished) setPolling(false);
  }, [finished]);

  const onTry = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const request: WhatIfRequest = {
      discountCategory: rule === 'discount' ? category || null : null,
      discountPercent: rule === 'discount' ? numberOrNull(discountPercent) : null,
      promoCode: rule === 'promo' ? promoCode.trim() || null : null,
      promoPercent: rule === 'promo' ? numberOrNull(promoPercent) : null,
      freeShippingThreshold: numberOrNull(threshold),
      codFee: numberOrNull(codFee),
      discountStartsOn: rule === 'discount' ? startsOn || null : null,
      discountEndsOn: rule === 'discount' ? endsOn || null : null,
      promoStartsOn: rule === 'promo' ? startsOn || null : null,
      promoEndsOn: rule === 'promo' ? endsOn || null : null,
      promoMinimumSubtotal: rule === 'promo' ? numberOrNull(minimum) : null,
      promoCategory: rule === 'promo' ? promoCategory || null : null,
      promoUsageLimit: rule === 'promo' ? numberOrNull(usageLimit) : null,
      promoOncePerCustomer: rule === 'promo' ? oncePerCustomer : null,
      // Whole local days: from the start of `from` to the end of `to`.
      from: from ? startOfDay(parseISO(from)).toISOString() : undefined,
      to: to ? addDays(startOfDay(parseISO(to)), 1).toISOString() : undefined,
    };
    try {
      const { jobId: id } = await startWhatIf(request).unwrap();
      setJobId(String(id));
      setPolling(true);
    } catch (e) {
      setError(errorMessage(e, 'Could not start the what-if'));
    }
  };

  const field = (id: string, text: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <input id={id} className={`${input} w-36`} value={value} onChange={(e) => set(e.target.value)} {...extra} />
    </div>
  );

  return (
    <section className={card} aria-labelledby="what-if-title">
      <h2 id="what-if-title" className="mb-1 font-semibold">
        Try a draft on past orders
      </h2>
      <p className="mb-3 text-xs text-gray-500">
        {rule === 'promo'
          ? 'The draft code is priced as if every shopper of the period had entered it (a shopper whose own code took more keeps it); its dates, minimum, category, usage limit and once-per-customer rule decide as checkout would, order by order. '
          : 'The draft discount is added to the discounts in force when each order was placed, on the days of its window. '}
        Nothing is saved or switched on.
      </p>
      <form onSubmit={onTry} noValidate className="flex flex-wrap items-end gap-3" aria-label="What-if draft">
        {props.rule === 'discount' ? (
          <>
            <Field id="what-if-category" label="Draft category">
              <select id="what-if-category" className={input} value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="">All Categories</option>
                {props.categories.map((c) => (
                  <option key={c} value={c}>
                    {categoryName(c)}
                  </option>
                ))}
              </select>
            </Field>
            {field('what-if-discount', 'Draft discount %', discountPercent, setDiscountPercent, { type: 'number', min: 1, max: 100 })}
            {field('what-if-starts', 'Draft starts on', startsOn, setStartsOn, { type: 'date' })}
            {field('what-if-ends', 'Draft ends on (last day)', endsOn, setEndsOn, { type: 'date' })}
          </>
        ) : (
          <>
            {field('what-if-code', 'Draft promo code', promoCode, setPromoCode)}
            {field('what-if-promo-percent', 'Draft promo %', promoPercent, setPromoPercent, { type: 'number', min: 1, max: 100 })}
            {field('what-if-starts', 'Draft starts on', startsOn, setStartsOn, { type: 'date' })}
            {field('what-if-ends', 'Draft ends on (last day)', endsOn, setEndsOn, { type: 'date' })}
            {field('what-if-minimum', 'Draft minimum subtotal (EGP)', minimum, setMinimum, { type: 'number', min: 0, step: '0.01', placeholder: 'none' })}
            <Field id="what-if-promo-category" label="Draft code category">
              <select id="what-if-promo-category" className={input} value={promoCategory} onChange={(e) => setPromoCategory(e.target.value)}>
                <option value="">All Categories</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryName(c)}
                  </option>
                ))}
              </select>
            </Field>
            {field('what-if-limit', 'Draft usage limit', usageLimit, setUsageLimit, { type: 'number', min: 1, placeholder: 'no limit' })}
            <label className="flex items-center gap-2 pb-2 text-sm text-gray-700">
              <input type="checkbox" checked={oncePerCustomer} onChange={(e) => setOncePerCustomer(e.target.checked)} />
              Draft: once per customer
            </label>
          </>
        )}
        {field('what-if-threshold', 'Free shipping from (EGP)', threshold, setThreshold, { type: 'number', min: 0, step: '0.01', placeholder: 'unchanged' })}
        {field('what-if-cod', 'COD fee (EGP)', codFee, setCodFee, { type: 'number', min: 0, step: '0.01', placeholder: 'unchanged' })}
        {field('what-if-from', 'Orders from', from, setFrom, { type: 'date' })}
        {field('what-if-to', 'Orders to', to, setTo, { type: 'date' })}
        <button type="submit" className={btnPrimary} disabled={startState.isLoading || (!!jobId && !finished)}>
          Try it on past orders
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {jobId && (
        <div className="mt-4 space-y-3">
          <ProgressBar value={job?.progress ?? 0} label="What-if progress" />
          {job?.error && <p className="text-sm text-red-700">{job.error}</p>}
          {job?.report && <WhatIfReportTable report={job.report} />}
        </div>
      )}
    </section>
  );
}
