import { useT } from '../../../lib/i18n';
import { useGetRecommendationsQuery } from '../../catalog/catalog-api';
import { PosterCard } from '../../catalog/components/poster-card';

/** 'You may also like': up to 4 posters of the same category, the current one excluded. */
export function Recommendations({ category, exclude }: { category: string | undefined; exclude: string }) {
  const t = useT();
  const { data, isError } = useGetRecommendationsQuery({ category: category ?? '', exclude }, { skip: !category });
  if (!category || isError) {
    return <p className="mt-16 text-sm text-stone-500">{t('poster.relatedFailed')}</p>;
  }
  if (!data?.length) return null;
  return (
    <section className="mt-16" aria-labelledby="related-title">
      <h2 id="related-title" className="mb-6 font-display text-2xl font-bold">
        {t('poster.related')}
      </h2>
      <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-4">
        {data.slice(0, 4).map((p) => (
          <PosterCard key={p.id} poster={p} />
        ))}
      </div>
    </section>
  );
}
