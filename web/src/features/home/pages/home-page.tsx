import { Link } from 'react-router';
import { errorStatus } from '../../../lib/api';
import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/numbers';
import { useGetBestsellersQuery, useGetFeaturedQuery } from '../../catalog/catalog-api';
import { PosterCard, PosterCardSkeleton } from '../../catalog/components/poster-card';
import { HOME_CARD_SIZES } from '../../catalog/image-sizes';
import { Hero } from '../components/hero';
import { Suspense, type ReactNode } from 'react';
import { lazyPart } from '../../../app/lazy-part';

// Shown once, seconds after a first visit: its code hydrates on its own, after the page's.
const SocialPopup = lazyPart(() => import('../components/social-popup').then((m) => m.SocialPopup));

function SectionHeading({ title, link }: { title: string; link?: string }) {
  const t = useT();
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <h2 className="font-display text-3xl font-bold tracking-tight">{title}</h2>
      {link && (
        <Link to={link} className="text-sm font-semibold text-stone-700 underline-offset-4 hover:underline">
          {t('home.viewAll')}{' '}
          <span aria-hidden className="inline-block rtl:-scale-x-100" data-testid="view-all-arrow">
            →
          </span>
        </Link>
      )}
    </div>
  );
}

/** A row of poster cards under its heading, or what went wrong in its place. */
function PosterShelf({ id, title, failure, children }: { id: string; title: string; failure: string | null; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby={id}>
      <div id={id}>
        <SectionHeading title={title} link="/shop" />
      </div>
      {failure ? (
        <p role="alert" className="rounded-xl bg-rose-50 p-4 text-rose-800">
          {failure}
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3">{children}</div>
      )}
    </section>
  );
}

const skeletons = (count: number) => Array.from({ length: count }, (_, i) => <PosterCardSkeleton key={i} />);

function Bestsellers() {
  const t = useT();
  const locale = useLocale();
  const { data, error, isLoading } = useGetBestsellersQuery();
  if (!isLoading && !error && (!data || data.length === 0)) return null;
  const failure = error ? (errorStatus(error) === 500 ? t('home.bestsellers500') : t('home.bestsellersFailed')) : null;
  return (
    <PosterShelf id="bestsellers" title={t('home.bestsellers')} failure={failure}>
      {isLoading
        ? skeletons(3)
        : (data ?? []).slice(0, 6).map(({ poster }, i) => <PosterCard key={poster.id} poster={poster} eager={i < 2} badge={`#${formatNumber(i + 1, locale)}`} sizes={HOME_CARD_SIZES} />)}
    </PosterShelf>
  );
}

function Featured() {
  const t = useT();
  const { data, isError, isLoading } = useGetFeaturedQuery();
  return (
    <PosterShelf id="featured-title" title={t('home.featured')} failure={isError ? t('home.featuredFailed') : null}>
      {isLoading ? skeletons(6) : (data ?? []).slice(0, 6).map((p) => <PosterCard key={p.id} poster={p} sizes={HOME_CARD_SIZES} />)}
    </PosterShelf>
  );
}

function ValueBlurbs() {
  const t = useT();
  const blurbs = [
    { title: t('home.qualityTitle'), text: t('home.qualityText'), icon: '◆' },
    { title: t('home.shippingTitle'), text: t('home.shippingText'), icon: '➜' },
    { title: t('home.guaranteeTitle'), text: t('home.guaranteeText'), icon: '✓' },
  ];
  return (
    <section className="bg-amber-50">
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-3">
        {blurbs.map((b) => (
          <li key={b.title} className="flex gap-4">
            <span aria-hidden className="flex h-12 w-12 flex-none items-center justify-center rounded-full bg-stone-900 text-xl text-amber-300">
              {b.icon}
            </span>
            <div>
              <h2 className="font-semibold">{b.title}</h2>
              <p className="mt-1 text-sm text-stone-600">{b.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <Hero />
      <Bestsellers />
      <ValueBlurbs />
      <Featured />
      <Suspense fallback={null}>
        <SocialPopup />
      </Suspense>
    </>
  );
}
