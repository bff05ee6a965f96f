import { useEffect, useState } from 'react';
import { useCategoryLabel } from '../../catalog/use-category-label';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import { setCartOpen } from '../../../app/ui-slice';
import { errorStatus } from '../../../lib/api';
import { refusalText } from '../../../lib/server-refusal-text';
import { useLocale, useT } from '../../../lib/i18n';
import { catalogueText } from '../../../lib/catalogue-text';
import { formatNumber } from '../../../lib/numbers';
import { BackIcon, MinusIcon, PlusIcon, ZoomIcon } from '../../../lib/icons';
import { Money } from '../../../lib/ltr';
import { SmartImage } from '../../../lib/smart-image';
import { useToast } from '../../../lib/toast';
import { trackEvent } from '../../../lib/pixel';
import { useAddToCartMutation } from '../../cart/cart-api';
import { useGetPosterQuery, useGetProductsQuery } from '../../catalog/catalog-api';
import { sizeLabel, sortedVariants, variantPrice } from '../../catalog/catalog-format';
import { framesForSize } from '../frame-offers';
import { FramePicker } from '../components/frame-picker';
import { GalleryStrip } from '../components/gallery-strip';
import { Recommendations } from '../components/recommendations';
import { ZoomOverlay } from '../components/zoom-overlay';
import { POSTER_IMAGE_SIZES } from '../../catalog/image-sizes';
import { MainActionButton } from '../../../lib/main-action-button';

function PosterError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="font-display text-3xl font-bold">{t('poster.errorTitle')}</h1>
      <p className="mt-3 text-stone-600">{message}</p>
      <div className="mt-6 flex gap-3">
        <Link to="/shop" className="rounded-full bg-stone-900 px-6 py-3 font-semibold text-white">
          {t('poster.backToShop')}
        </Link>
        {onRetry && (
          <button type="button" onClick={onRetry} className="rounded-full border border-stone-900 px-6 py-3 font-semibold">
            {t('poster.tryAgain')}
          </button>
        )}
      </div>
    </div>
  );
}

export function PosterPage() {
  const t = useT();
  const locale = useLocale();
  const categoryName = useCategoryLabel();
  const toast = useToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  const { data: poster, error, isLoading, isFetching, refetch } = useGetPosterQuery(id, { skip: !id });
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [zoom, setZoom] = useState(false);
  const [frameId, setFrameId] = useState<string | null>(null);
  const { data: products } = useGetProductsQuery();
  const [addToCart, adding] = useAddToCartMutation();

  useEffect(() => {
    setSize(null);
    setQuantity(1);
    setSizeError(null);
    setFrameId(null);
  }, [id]);

  if (!id) return <PosterError message={t('poster.noId')} />;
  if (isLoading) {
    return (
      <div className="mx-auto grid max-w-6xl animate-pulse gap-10 px-4 py-10 md:grid-cols-2" aria-busy="true">
        <div className="aspect-[3/4] rounded-2xl bg-stone-200" />
        <div className="space-y-4">
          <div className="h-8 w-2/3 rounded bg-stone-200" />
          <div className="h-4 w-full rounded bg-stone-200" />
          <div className="h-4 w-5/6 rounded bg-stone-200" />
        </div>
      </div>
    );
  }
  if (error || !poster) {
    const message = errorStatus(error) === 404 ? t('poster.notFound') : error ? t('poster.failed') : t('poster.unavailable');
    return <PosterError message={message} onRetry={() => void refetch()} />;
  }

  const name = catalogueText(locale, poster.name, poster.nameAr);
  const description = catalogueText(locale, poster.description, poster.descriptionAr);
  const variants = sortedVariants(poster);
  const selected = variants.find((v) => v.size === size) ?? null;
  const shown = selected ? variantPrice(selected) : variants[0] ? variantPrice(variants[0]) : null;
  const frames = framesForSize(products ?? [], selected?.size ?? null);
  const frame = frames.find((f) => f.id === frameId) ?? null;

  const add = async () => {
    if (!size) {
      setSizeError(t('poster.selectSize'));
      toast.error(t('poster.selectSize'));
      return;
    }
    if (!selected) {
      setSizeError(t('poster.sizeGone'));
      toast.error(t('poster.sizeGone'));
      return;
    }
    const price = variantPrice(selected);
    try {
      await addToCart({ posterId: poster.id, variantId: selected.id, size: selected.size, quantity }).unwrap();
      // One frame per print: the frame goes in as its own add-on line, priced by the server.
      if (frame) await addToCart({ productId: frame.id, quantity }).unwrap();
      trackEvent('AddToCart', { content_ids: frame ? [poster.id, frame.id] : [poster.id], value: (price.price + (frame?.price ?? 0)) * quantity });
      toast.success(t('poster.added'), t('poster.addedText', { name: name.text, size: sizeLabel(selected.size, locale), quantity }));
      dispatch(setCartOpen(true));
    } catch (e) {
      toast.error(refusalText(e, t, t('poster.addFailed')));
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/shop'))}
        className="mb-6 inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium hover:bg-stone-200"
      >
        <BackIcon className="h-4 w-4" /> {t('poster.back')}
      </button>
      <div className={`grid gap-10 md:grid-cols-2 ${isFetching ? 'opacity-80' : ''}`}>
        <div className="relative">
          <button type="button" onClick={() => setZoom(true)} className="group block w-full overflow-hidden rounded-2xl bg-stone-200 shadow-lg" aria-label={t('poster.zoom')}>
            <SmartImage src={poster.imageUrl} alt={name.text} width={600} height={800} sizes={POSTER_IMAGE_SIZES} loading="eager" fetchPriority="high" className="aspect-[3/4] h-auto w-full object-cover transition group-hover:scale-[1.02]" />
            <span className="absolute end-3 top-3 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow">
              <ZoomIcon className="h-5 w-5" />
            </span>
          </button>
        </div>
        <div>
          <p className="text-sm font-medium uppercase tracking-wider text-stone-500">{categoryName(poster.category)}</p>
          <h1 className="mt-1 font-display text-4xl font-bold tracking-tight">
            <bdi lang={name.lang}>{name.text}</bdi>
          </h1>
          {shown && (
            <p className="mt-4 flex items-baseline gap-3 text-2xl" data-testid="poster-price">
              <Money amount={shown.price} className="font-bold" />
              {shown.discounted && (
                <>
                  <s className="text-lg text-stone-600">
                    <Money amount={shown.original} />
                  </s>
                  <span className="rounded-full bg-rose-600 px-2 py-0.5 text-sm font-bold text-white">{t('shop.off', { percent: shown.percent })}</span>
                </>
              )}
            </p>
          )}
          <p dir="auto" lang={description.lang} className="mt-4 whitespace-pre-line leading-relaxed text-stone-700" data-testid="poster-description">
            {description.text}
          </p>

          <fieldset className="mt-8" aria-describedby={sizeError ? 'size-error' : undefined}>
            <legend className="mb-3 font-semibold">{t('poster.size')}</legend>
            <div className="flex flex-wrap gap-2">
              {variants.map((v) => {
                const p = variantPrice(v);
                const on = v.size === size;
                return (
                  <label
                    key={v.id}
                    className={`cursor-pointer rounded-xl border-2 px-4 py-2 text-center transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${on ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-300 hover:border-stone-500'}`}
                  >
                    <input
                      type="radio"
                      name="size"
                      value={v.size}
                      checked={on}
                      onChange={() => {
                        setSize(v.size);
                        setSizeError(null);
                        setFrameId(null);
                      }}
                      className="sr-only"
                    />
                    <span className="block font-semibold" dir="ltr">
                      {sizeLabel(v.size, locale)}
                    </span>
                    <span className={`block text-xs ${on ? 'text-stone-300' : 'text-stone-500'}`}>
                      <Money amount={p.price} />
                    </span>
                  </label>
                );
              })}
            </div>
            {sizeError && (
              <p id="size-error" className="mt-2 text-sm font-medium text-rose-700" role="alert">
                {sizeError}
              </p>
            )}
          </fieldset>

          {selected && frames.length > 0 && <FramePicker frames={frames} size={selected.size} chosen={frame?.id ?? null} onChoose={setFrameId} />}

          <div className="mt-6">
            <span id="qty-label" className="mb-2 block font-semibold">
              {t('poster.quantity')}
            </span>
            <div className="inline-flex items-center rounded-full border border-stone-300" role="group" aria-labelledby="qty-label">
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1}
                aria-label={t('poster.decrease')}
                className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-stone-100 disabled:opacity-40"
              >
                <MinusIcon className="h-4 w-4" />
              </button>
              <span className="w-10 text-center font-semibold" aria-live="polite" data-testid="quantity">
                {formatNumber(quantity, locale)}
              </span>
              <button
                type="button"
                onClick={() => setQuantity((q) => q + 1)}
                aria-label={t('poster.increase')}
                className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-stone-100"
              >
                <PlusIcon className="h-4 w-4" />
              </button>
            </div>
          </div>

          <MainActionButton type="button" onClick={add} disabled={adding.isLoading} busy={adding.isLoading} busyLabel={t('poster.adding')} className="mt-8" data-testid="add-to-cart">
            {t('poster.addToCart')}
          </MainActionButton>
        </div>
      </div>
      <GalleryStrip />
      <Recommendations category={poster.category} exclude={poster.id} />
      {zoom && <ZoomOverlay src={poster.imageUrl} alt={name.text} onClose={() => setZoom(false)} />}
    </div>
  );
}
