import { Link } from 'react-router';
import { useCategoryLabel } from '../use-category-label';
import { useLocale, useT } from '../../../lib/i18n';
import { catalogueText } from '../../../lib/catalogue-text';
import { Ltr, Money } from '../../../lib/ltr';
import { SmartImage } from '../../../lib/smart-image';
import { SHOP_CARD_SIZES } from '../image-sizes';
import type { PosterCardView } from '../../../api/generated-public';

/**
 * `eager`: on screen at load (no lazy loading); `first`: the page's likely largest paint, fetched
 * before other images; `sizes`: how wide the card shows in its grid (image-sizes.ts).
 */
export function PosterCard({
  poster,
  eager = false,
  first = false,
  badge,
  sizes = SHOP_CARD_SIZES,
}: {
  poster: PosterCardView;
  eager?: boolean;
  first?: boolean;
  badge?: string;
  sizes?: string;
}) {
  const t = useT();
  const name = catalogueText(useLocale(), poster.name, poster.nameAr);
  const categoryName = useCategoryLabel();
  return (
    <Link
      to={`/posters/${encodeURIComponent(poster.id)}`}
      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-stone-900"
      data-testid="poster-card"
    >
      <div className="relative overflow-hidden rounded-xl bg-stone-200 shadow-sm ring-1 ring-stone-900/5 transition group-hover:-translate-y-1 group-hover:shadow-lg">
        <SmartImage
          src={poster.imageUrl}
          alt={name.text}
          width={300}
          height={400}
          sizes={sizes}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          className="aspect-[3/4] h-auto w-full object-cover"
        />
        {poster.discountPercentage > 0 && (
          <span className="absolute start-2 top-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
            {t('shop.off', { percent: poster.discountPercentage })}
          </span>
        )}
        {/* A rank ("#١") reads left to right in both languages: in an Arabic line the digit would jump before the sign. */}
        {badge && <span className="absolute end-2 top-2 rounded-full bg-stone-900/80 px-2 py-0.5 text-xs font-medium text-white"><Ltr>{badge}</Ltr></span>}
      </div>
      <div className="mt-3 px-0.5">
        <p className="text-xs font-medium uppercase tracking-wider text-stone-500">{categoryName(poster.category)}</p>
        <h3 dir="auto" lang={name.lang} className="mt-0.5 line-clamp-1 font-semibold text-stone-900">{name.text}</h3>
        <p className="mt-1 text-sm">
          <span className="text-stone-500">{t('shop.from')} </span>
          <Money amount={poster.price} className="font-semibold" />
          {poster.originalPrice > poster.price && (
            <s className="ms-2 text-stone-600">
              <Money amount={poster.originalPrice} />
            </s>
          )}
        </p>
      </div>
    </Link>
  );
}

export function PosterCardSkeleton() {
  return (
    <div aria-hidden className="animate-pulse">
      <div className="aspect-[3/4] rounded-xl bg-stone-200" />
      <div className="mt-3 h-3 w-1/3 rounded bg-stone-200" />
      <div className="mt-2 h-4 w-2/3 rounded bg-stone-200" />
    </div>
  );
}
