import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import { errorMessage, errorStatus } from '../../../lib/api';
import { refusalText } from '../../../lib/server-refusal-text';
import { useLocale, useT, type MessageKey } from '../../../lib/i18n';
import { CHECKOUT_FORM_KEY, readStorage, writeStorage } from '../../../lib/storage';
import { useToast, useToastsAtTop } from '../../../lib/toast';
import { trackEvent } from '../../../lib/pixel';
import {
  cartApi,
  forgetCart,
  useCheckoutMutation,
  useGetCartQuery,
  useGetShippingEstimateQuery,
  useSetPaymentMethodMutation,
} from '../../cart/cart-api';
import { EMPTY_CART } from '../../cart/cart-math';
import type { CheckoutDto, GetShippingEstimateApiArg } from '../../../api/generated-public';
import { CartLine } from '../../cart/components/cart-line';
import { DEFAULT_FREE_SHIPPING_THRESHOLD } from '../../cart/components/free-shipping-bar';
import { useGetPublicConfigQuery } from '../../catalog/catalog-api';
import { figuresOfTotals, OrderSummary, summaryFigures } from '../components/order-summary';
import { rememberOrder } from '../../track/remembered-order';
import { rememberConfirmation } from '../remembered-confirmation';
import type { OrderRecap } from './order-confirmation-page';
import { MinimumPostersFix } from '../components/minimum-posters-fix';
import { buildingAndFlat } from '../building-and-flat';
import { localDigits } from '../../../lib/numbers';
import { catalogueText } from '../../../lib/catalogue-text';
import { PromoCodeBox } from '../components/promo-code-box';
import { MainActionButton } from '../../../lib/main-action-button';
import {
  DEFAULT_EXEMPT_GOVERNORATES,
  isMinimumOrderMessage,
  needsMorePosters,
  normalisePhone,
  REQUIRED_FIELDS,
  restoreForm,
  validateShipping,
  type FormErrors,
  type ShippingForm,
} from '../checkout-rules';

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const DEFAULT_COORDINATES = { latitude: 30.0444, longitude: 31.2357 };

interface FieldProps {
  name: keyof ShippingForm;
  label: string;
  error?: string;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }) => ReactNode;
  className?: string;
}

function Field({ name, label, error, required, children, className = '' }: FieldProps) {
  const id = `checkout-${name}`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
        {required && <span aria-hidden className="text-rose-600"> *</span>}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': required || undefined })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-700" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

const input =
  'block w-full rounded-xl border bg-white px-4 py-3 focus:outline-none focus:ring-2 focus:ring-stone-900/20 aria-[invalid=true]:border-rose-500 border-stone-300 focus:border-stone-900';

export function CheckoutPage() {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  // Place Order sits at the bottom of a phone's screen: a toast there would cover it.
  useToastsAtTop();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const { data: answer, isLoading, isError, refetch } = useGetCartQuery(undefined);
  const cart = answer?.cart;
  const { data: config } = useGetPublicConfigQuery();
  // Kept for the session, so a reload or back/forward does not wipe nine fields.
  const [form, setForm] = useState<ShippingForm>(() => restoreForm(readStorage(CHECKOUT_FORM_KEY, 'session')));
  useEffect(() => writeStorage(CHECKOUT_FORM_KEY, JSON.stringify(form), 'session'), [form]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [setPaymentMethod] = useSetPaymentMethodMutation();
  const [checkout, placing] = useCheckoutMutation();
  const estimate = useGetShippingEstimateQuery(form.governorate as GetShippingEstimateApiArg, { skip: !form.governorate });
  const paymentSynced = useRef(false);
  // One key per visit to the page: a double click or a retry after a lost answer is one order.
  const idempotencyKey = useRef(newIdempotencyKey());

  useEffect(() => {
    if (isError) toast.error(t('cart.loadFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);

  // The default method (COD) is told to the server once, so its cart prices the COD fee.
  useEffect(() => {
    if (!cart || paymentSynced.current || cart.items.length === 0) return;
    paymentSynced.current = true;
    if (cart.paymentMethod !== 'COD') void setPaymentMethod('COD');
  }, [cart, setPaymentMethod]);

  if (isLoading) {
    return <p className="py-24 text-center text-stone-500">{t('common.loading')}</p>;
  }
  const current = cart ?? EMPTY_CART;
  if (current.items.length === 0) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
        <h1 className="font-display text-4xl font-bold">{t('checkout.title')}</h1>
        <p className="mt-4 text-lg text-stone-600">{isError ? t('cart.loadFailed') : t('cart.empty')}</p>
        {isError && (
          <button type="button" onClick={() => void refetch()} className="mt-4 underline">
            {t('poster.tryAgain')}
          </button>
        )}
        <Link to="/shop" className="mt-6 rounded-full bg-stone-900 px-6 py-3 font-semibold text-white">
          {t('cart.continue')}
        </Link>
      </div>
    );
  }

  const exempt = config?.exemptGovernorates ?? DEFAULT_EXEMPT_GOVERNORATES;
  const threshold = config?.freeShippingThreshold ?? DEFAULT_FREE_SHIPPING_THRESHOLD;
  const posters = current.posterCount;
  const tooFewPosters = needsMorePosters(form.governorate, posters, exempt);
  const shipping = current.subtotal >= threshold ? 0 : form.governorate ? (estimate.data ?? null) : null;
  const figures = summaryFigures(current, shipping, form.paymentMethod);
  const message = (key: MessageKey | undefined) => (key ? t(key) : undefined);

  const governorates = config?.governorates ?? [];
  const governorateName = (code: string) => {
    const g = governorates.find((x) => x.code === code);
    return g ? (locale === 'ar' ? g.nameAr : g.nameEn) : code;
  };

  const change = <K extends keyof ShippingForm>(name: K, value: ShippingForm[K]) => {
    const next = { ...form, [name]: value };
    setForm(next);
    setFailure(null);
    if (submitted) setErrors(validateShipping(next));
  };

  const changePayment = async (method: 'COD' | 'ONLINE') => {
    change('paymentMethod', method);
    try {
      await setPaymentMethod(method).unwrap();
    } catch {
      toast.error(t('checkout.paymentFailed'));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = validateShipping(form);
    setErrors(found);
    const firstInvalid = [...REQUIRED_FIELDS, 'email' as const].find((f) => found[f]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`#checkout-${firstInvalid}`)?.focus();
      return;
    }
    if (needsMorePosters(form.governorate, posters, exempt)) {
      const f = { title: t('checkout.requirementTitle'), message: t('checkout.requirementText') };
      setFailure(f);
      toast.error(f.title, f.message);
      return;
    }
    // Empty strings are dropped before sending (an optional field left blank is absent, not ""). The server prices the order from its own
    // cart, so the form and the coordinates are all it reads; the governorate is one of the options it gave.
    const payload = Object.fromEntries(
      // The language the shopper reads: the shop's messages about this order are written in it.
      Object.entries({ ...form, phone: normalisePhone(form.phone), ...DEFAULT_COORDINATES, language: locale }).filter(([, v]) => v !== ''),
    ) as CheckoutDto;
    try {
      const answer = await checkout({ checkoutDto: payload, 'Idempotency-Key': idempotencyKey.current }).unwrap();
      trackEvent('Purchase', { value: figures.total, order_number: answer.orderNumber });
      toast.success(t('checkout.success'), t('checkout.successText', { orderNumber: answer.orderNumber }));
      const recap: OrderRecap = {
        items: current.items.filter((i) => i.available).map((i) => ({ name: catalogueText(locale, i.posterName || t('cart.custom'), i.posterNameAr).text, size: i.size, quantity: i.quantity, subtotal: i.subtotal })),
        address: [`${form.firstName} ${form.lastName}`.trim(), form.addressLine, buildingAndFlat(form, t, locale), form.city, governorateName(form.governorate), normalisePhone(form.phone)].filter(Boolean),
        cashToPay: answer.total ?? figures.total,
        // The breakdown the order recorded; the cart's own figures only if the answer had none.
        figures: answer.totals ? { ...figuresOfTotals(answer.totals), taxRate: figures.taxRate } : figures,
        promoCode: answer.totals ? answer.totals.promoCode : current.promoCode,
      };
      rememberOrder({ orderNumber: answer.orderNumber, phone: normalisePhone(form.phone) });
      rememberConfirmation(answer.orderNumber, recap);
      navigate(`/order-confirmation/${encodeURIComponent(answer.orderNumber)}`, { replace: true, state: { orderNumber: answer.orderNumber, recap } });
      writeStorage(CHECKOUT_FORM_KEY, null, 'session');
      // The checked-out cart is closed: the next visit starts a new one.
      forgetCart();
      dispatch(cartApi.util.upsertQueryData('getCart', undefined, { cartId: '', cart: EMPTY_CART }));
    } catch (err) {
      const serverMessage = errorMessage(err, '');
      const f =
        errorStatus(err) === 400 && isMinimumOrderMessage(serverMessage)
          ? { title: t('checkout.requirementTitle'), message: t('checkout.requirementText') }
          : { title: t('checkout.failedTitle'), message: refusalText(err, t, serverMessage || t('checkout.failedText'), locale) };
      setFailure(f);
      toast.error(f.title, f.message);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-4xl font-bold tracking-tight">{t('checkout.title')}</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        {/* The promo box is a form of its own, so the shipping form ends before the summary;
            Place Order submits it through the form attribute. */}
        <form id="checkout-form" ref={formRef} onSubmit={submit} noValidate aria-labelledby="shipping-title" className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-900/5 sm:p-8">
          <h2 id="shipping-title" className="mb-6 text-xl font-semibold">
            {t('checkout.shipping')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label={t('checkout.firstName')} error={message(errors.firstName)} required>
              {(p) => <input {...p} className={input} autoComplete="given-name" value={form.firstName} onChange={(e) => change('firstName', e.target.value)} />}
            </Field>
            <Field name="lastName" label={t('checkout.lastName')} error={message(errors.lastName)} required>
              {(p) => <input {...p} className={input} autoComplete="family-name" value={form.lastName} onChange={(e) => change('lastName', e.target.value)} />}
            </Field>
            <Field name="phone" label={t('checkout.phone')} error={message(errors.phone)} required>
              {(p) => (
                <input
                  {...p}
                  type="tel"
                  dir="ltr"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder={t('checkout.phonePlaceholder', { example: localDigits('01001234567', locale) })}
                  className={`${input} rtl:text-end`}
                  value={form.phone}
                  onChange={(e) => change('phone', e.target.value)}
                />
              )}
            </Field>
            <Field name="email" label={t('checkout.email')} error={message(errors.email)}>
              {(p) => <input {...p} type="email" dir="ltr" autoComplete="email" className={`${input} rtl:text-end`} value={form.email} onChange={(e) => change('email', e.target.value)} />}
            </Field>
            <Field name="addressLine" label={t('checkout.addressLine')} error={message(errors.addressLine)} required className="sm:col-span-2">
              {(p) => <input {...p} className={input} autoComplete="street-address" value={form.addressLine} onChange={(e) => change('addressLine', e.target.value)} />}
            </Field>
            <Field name="building" label={t('checkout.building')} error={message(errors.building)} required>
              {(p) => <input {...p} className={input} value={form.building} onChange={(e) => change('building', e.target.value)} />}
            </Field>
            <Field name="apartment" label={t('checkout.apartment')} error={message(errors.apartment)} required>
              {(p) => <input {...p} className={input} value={form.apartment} onChange={(e) => change('apartment', e.target.value)} />}
            </Field>
            <Field name="city" label={t('checkout.city')} error={message(errors.city)} required>
              {(p) => <input {...p} className={input} autoComplete="address-level2" value={form.city} onChange={(e) => change('city', e.target.value)} />}
            </Field>
            <Field name="governorate" label={t('checkout.governorate')} error={message(errors.governorate)} required>
              {(p) => (
                <select {...p} className={input} value={form.governorate} onChange={(e) => change('governorate', e.target.value)}>
                  <option value="">{t('checkout.selectGovernorate')}</option>
                  {governorates.map((g) => (
                    <option key={g.code} value={g.code}>
                      {locale === 'ar' ? g.nameAr : g.nameEn}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="notes" label={t('checkout.notes')} className="sm:col-span-2">
              {(p) => <textarea {...p} rows={3} className={input} value={form.notes} onChange={(e) => change('notes', e.target.value)} />}
            </Field>
          </div>
          <fieldset className="mt-6" aria-describedby={errors.paymentMethod ? 'payment-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-stone-700">{t('checkout.payment')}</legend>
            <label className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-900 px-4 py-3">
              <input type="radio" name="paymentMethod" value="COD" checked={form.paymentMethod === 'COD'} onChange={() => void changePayment('COD')} className="h-4 w-4 accent-stone-900" />
              <span className="font-medium">{t('checkout.cod')}</span>
            </label>
            {errors.paymentMethod && (
              <p id="payment-error" className="mt-1 text-sm text-rose-700">
                {t(errors.paymentMethod)}
              </p>
            )}
          </fieldset>
        </form>

        <aside className="min-w-0 space-y-6 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="items-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-900/5">
            <h2 id="items-title" className="text-xl font-semibold">
              {t('checkout.items')}
            </h2>
            <ul className="divide-y divide-stone-200">
              {current.items.map((item) => (
                <CartLine key={item.itemId} item={item} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="summary-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-900/5">
            <h2 id="summary-title" className="mb-4 text-xl font-semibold">
              {t('checkout.summary')}
            </h2>
            <PromoCodeBox applied={current.promoCode} dropped={current.promoDropped} />
            <div className="mt-4">
              <OrderSummary figures={figures} promoCode={current.promoCode} />
            </div>
            {failure && (
              <div role="alert" className="mt-4 rounded-xl bg-rose-50 p-3 text-sm text-rose-900" data-testid="checkout-failure">
                <p className="font-semibold">{failure.title}</p>
                <p>{failure.message}</p>
              </div>
            )}
            {submitted && Object.keys(errors).length > 0 && <p className="mt-4 text-sm text-rose-700">{t('checkout.fixErrors')}</p>}
            {tooFewPosters && (
              <MinimumPostersFix
                cart={current}
                governorateName={governorateName(form.governorate)}
                exemptNames={new Intl.ListFormat(locale, { type: 'disjunction' }).format(exempt.map(governorateName))}
              />
            )}
            <MainActionButton type="submit" form="checkout-form" disabled={placing.isLoading || tooFewPosters} busy={placing.isLoading} busyLabel={t('checkout.processing')} className="mt-4" data-testid="place-order">
              {t('checkout.placeOrder')}
            </MainActionButton>
          </section>
        </aside>
      </div>
    </div>
  );
}
