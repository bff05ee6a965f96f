import { useEffect, useId, useState, type FormEvent } from 'react';
import { printResolution } from '../../../../../libs/domain/src/catalog/print-resolution';
import { parsePosterSize } from '../../../../../libs/domain/src/shop-config';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useAppDispatch } from '../../../app/store';
import { setCartOpen } from '../../../app/ui-slice';
import { refusalText } from '../../../lib/server-refusal-text';
import { useLocale, useT, type MessageKey } from '../../../lib/i18n';
import { Money } from '../../../lib/ltr';
import { imagePixels } from '../../../lib/image-pixels';
import { printVars } from '../../../lib/print-text';
import { useToast } from '../../../lib/toast';
import { customPriceOf, useGetCustomPriceQuery, useUploadCustomPosterMutation } from '../../cart/cart-api';
import { useGetPublicConfigQuery } from '../../catalog/catalog-api';
import { SIZE_ORDER, sizeLabel } from '../../catalog/catalog-format';
import { validateCustomForm } from '../custom-rules';
import { MainActionButton } from '../../../lib/main-action-button';

export function CustomPage() {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const ids = useId();
  const { data: config } = useGetPublicConfigQuery();
  const sizes = config?.sizes.length ? config.sizes.map((s) => s.code) : SIZE_ORDER;
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [size, setSize] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<MessageKey | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [pixels, setPixels] = useState<{ width: number; height: number } | null>(null);
  const price = useGetCustomPriceQuery(size, { skip: !size });
  const [upload, uploading] = useUploadCustomPosterMutation();

  useEffect(() => {
    if (price.isError) toast.error(t('custom.priceFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [price.isError]);

  // The picked photo's real pixels, decoded here so the shopper hears how it will print before
  // uploading it; the server reads them again and refuses what is too small.
  useEffect(() => {
    setPixels(null);
    if (!file) return;
    let current = true;
    void imagePixels(file).then((p) => current && setPixels(p));
    return () => {
      current = false;
    };
  }, [file]);
  const posterSize = parsePosterSize(size);
  const print = pixels && posterSize ? printResolution(pixels.width, pixels.height, posterSize) : null;

  const priceValue = !size || price.isFetching ? undefined : price.isError ? undefined : price.data && customPriceOf(price.data);
  const priceLoading = !!size && price.isFetching;
  const submitDisabled = uploading.isLoading || priceLoading || (!!size && (priceValue === undefined || priceValue === null));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const problem = validateCustomForm({ file, size, quantity, print }, size ? priceValue : 0);
    setError(problem);
    if (problem || !file) return;
    try {
      await upload({ file, size, quantity }).unwrap();
      toast.success(t('custom.success'));
      setFile(null);
      setSize('');
      setQuantity(1);
      setInputKey((k) => k + 1);
      dispatch(setCartOpen(true));
    } catch (err) {
      const message = refusalText(err, t, t('custom.failed'), locale);
      setServerError(message);
      toast.error(message);
    }
  };

  const onFile = (f: File | null) => {
    setFile(f);
    setServerError(null);
    setError(f ? validateCustomForm({ file: f, size: 'x', quantity: 1 }, 0) : null);
  };

  const field = 'mt-1 block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20';
  const errorId = `${ids}-error`;
  const printId = `${ids}-print`;
  // A photo too small for the chosen size is said at once, with its figures; a refusal shown
  // earlier goes once another size or photo fits.
  const errorText =
    serverError ??
    (print?.verdict === 'refused' ? t('custom.printRefused', printVars(print, locale)) : error && error !== 'custom.printRefused' ? t(error) : null);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-4xl font-bold tracking-tight">{t('custom.title')}</h1>
      <p className="mt-2 text-stone-600">{t('custom.subtitle')}</p>
      <form onSubmit={submit} noValidate className="mt-8 grid gap-8 md:grid-cols-2" aria-describedby={errorText ? errorId : undefined}>
        <div>
          <label htmlFor={`${ids}-file`} className="font-semibold">
            {t('custom.image')}
          </label>
          <label
            htmlFor={`${ids}-file`}
            className="mt-2 flex aspect-[3/4] cursor-pointer flex-col items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed border-stone-300 bg-white text-center hover:border-stone-500"
          >
            {preview ? (
              <img src={preview} alt={file?.name ?? ''} width={300} height={400} className="h-full w-full object-cover" />
            ) : (
              <span className="px-6 text-stone-500">
                <span className="block text-4xl" aria-hidden>
                  ⇪
                </span>
                {t('custom.choose')}
              </span>
            )}
          </label>
          {/* The browser's own file button speaks the browser's language ("Choose File"): it is
              hidden, and a button in the page's language opens it. */}
          <div className="mt-3 flex items-center gap-3">
            <input
              key={inputKey}
              id={`${ids}-file`}
              type="file"
              accept="image/*"
              className="peer sr-only"
              aria-describedby={print ? printId : undefined}
              onChange={(e) => onFile(e.target.files?.[0] ?? null)}
              data-testid="custom-file"
            />
            <label
              htmlFor={`${ids}-file`}
              className="cursor-pointer rounded-full bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 peer-focus-visible:ring-2 peer-focus-visible:ring-stone-900 peer-focus-visible:ring-offset-2"
              data-testid="custom-file-button"
            >
              {t('custom.chooseFile')}
            </label>
            <span className="min-w-0 truncate text-sm text-stone-600" dir="auto" data-testid="custom-file-name">
              {file?.name ?? t('custom.noFile')}
            </span>
          </div>
          <p className="mt-2 text-sm text-stone-600">{t('custom.hint')}</p>
          {print && print.verdict !== 'refused' && (
            <p
              id={printId}
              className={`mt-2 rounded-xl p-3 text-sm ${print.verdict === 'soft' ? 'bg-amber-50 text-amber-950' : 'bg-emerald-50 text-emerald-900'}`}
              role="status"
              data-testid="custom-print"
              data-verdict={print.verdict}
            >
              {t(print.verdict === 'soft' ? 'custom.printSoft' : 'custom.printSharp', printVars(print, locale))}
            </p>
          )}
        </div>
        <div className="space-y-5">
          <div>
            <label htmlFor={`${ids}-size`} className="font-semibold">
              {t('custom.size')}
            </label>
            <select id={`${ids}-size`} value={size} onChange={(e) => {
                setSize(e.target.value);
                setServerError(null);
              }} className={field} data-testid="custom-size">
              <option value="">{t('custom.selectSize')}</option>
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {sizeLabel(s, locale)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-qty`} className="font-semibold">
              {t('custom.quantity')}
            </label>
            <input
              id={`${ids}-qty`}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={Number.isNaN(quantity) ? '' : quantity}
              onChange={(e) => setQuantity(e.target.valueAsNumber)}
              className={field}
            />
          </div>
          <div className="rounded-xl bg-stone-100 p-4" aria-live="polite">
            <p className="text-sm text-stone-600">{t('custom.price')}</p>
            <p className="text-2xl font-bold" data-testid="custom-price">
              {priceLoading ? (
                t('custom.priceLoading')
              ) : typeof priceValue === 'number' ? (
                <Money amount={priceValue * (quantity > 0 ? quantity : 1)} />
              ) : (
                '—'
              )}
            </p>
            {price.isError && <p className="text-sm text-rose-700">{t('custom.priceFailed')}</p>}
            {size && !priceLoading && priceValue === null && <p className="text-sm text-rose-700">{t('custom.badPrice')}</p>}
          </div>
          {errorText && (
            <p id={errorId} role="alert" className="rounded-xl bg-rose-50 p-3 text-sm font-medium text-rose-800" data-testid="custom-error">
              {errorText}
            </p>
          )}
          <MainActionButton type="submit" disabled={submitDisabled} busy={uploading.isLoading} busyLabel={t('custom.uploading')} data-testid="custom-submit">
            {t('custom.submit')}
          </MainActionButton>
        </div>
      </form>
    </div>
  );
}
