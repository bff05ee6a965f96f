import { useId, useState, type FormEvent } from 'react';
import { refusalText } from '../../../lib/server-refusal-text';
import { useLocale, useT } from '../../../lib/i18n';
import { fillTemplate, Ltr } from '../../../lib/ltr';
import { useToast } from '../../../lib/toast';
import type { PromoDroppedView } from '../../../api/generated-public';
import { useApplyPromoCodeMutation, useRemovePromoCodeMutation } from '../../cart/cart-api';
import { PromoDroppedNotice } from '../../cart/components/promo-dropped-notice';

/** dropped: the cart's code that no longer applies (shown with why, and a way to remove it). */
export function PromoCodeBox({ applied, dropped = null }: { applied: string | null; dropped?: PromoDroppedView | null }) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const id = useId();
  const [code, setCode] = useState('');
  // A refused code stays in the field with the reason under it, so a typo can be fixed in place.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [apply, applying] = useApplyPromoCodeMutation();
  const [remove, removing] = useRemovePromoCodeMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    setRefusal(null);
    try {
      const answer = await apply(trimmed).unwrap();
      // The cart the server answered is the truth: a code it kept but no longer applies (used up,
      // ended) is shown by the dropped notice alone, never beside a success.
      if (answer.cart.promoCode !== null && answer.cart.promoDropped === null) toast.success(t('checkout.promoApplied', { code: answer.cart.promoCode }));
      setCode('');
    } catch (err) {
      setRefusal(refusalText(err, t, t('checkout.promoFailed'), locale));
    }
  };
  const drop = async () => {
    try {
      await remove().unwrap();
      toast.success(t('checkout.promoRemoved'));
    } catch {
      toast.error(t('checkout.promoRemoveFailed'));
    }
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900" data-testid="promo-applied">
        <span>{fillTemplate(t('checkout.promoActive'), { code: <Ltr className="font-bold" lang="en">{applied}</Ltr> })}</span>
        <button type="button" onClick={drop} disabled={removing.isLoading} className="rounded-full px-3 py-1 text-sm font-semibold underline hover:bg-emerald-100">
          {t('checkout.removePromo')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit}>
      {dropped && (
        <div className="mb-2">
          <PromoDroppedNotice dropped={dropped}>
            <button type="button" onClick={drop} disabled={removing.isLoading} className="shrink-0 rounded-full px-3 py-1 text-sm font-semibold underline hover:bg-amber-100">
              {t('checkout.removePromo')}
            </button>
          </PromoDroppedNotice>
        </div>
      )}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t('checkout.promo')}
        </label>
        <input
          id={id}
          value={code}
          aria-invalid={!!refusal}
          aria-describedby={refusal ? `${id}-error` : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setRefusal(null);
          }}
          placeholder={t('checkout.promo')}
          autoComplete="off"
          dir="ltr"
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 uppercase placeholder:normal-case aria-[invalid=true]:border-rose-500"
        />
        <button type="submit" disabled={!code.trim() || applying.isLoading} className="rounded-full bg-stone-900 px-5 py-2 text-sm font-semibold text-white disabled:opacity-50">
          {t('checkout.apply')}
        </button>
      </div>
      {refusal && (
        <p id={`${id}-error`} role="alert" className="mt-1 px-4 text-sm text-rose-700" data-testid="promo-error">
          {refusal}
        </p>
      )}
    </form>
  );
}
