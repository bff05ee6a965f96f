import { useEffect, useState, type FormEvent } from 'react';
import { useCategoryLabel } from '../../catalog/use-category-label';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { fillTemplate, Ltr } from '../../../lib/ltr';
import { SHOP } from '../../../lib/shop-info';
import { useToast } from '../../../lib/toast';
import { useGetCategoriesQuery, useGetPostersQuery, useGetProductsQuery, useGetPublicDiscountsQuery } from '../../catalog/catalog-api';
import { PosterCard, PosterCardSkeleton } from '../../catalog/components/poster-card';
import { AddonCard } from '../components/addon-card';
import { Pagination } from '../components/pagination';

type Tab = 'posters' | 'addons';

function DidntFindPanel() {
  const t = useT();
  return (
    <aside className="mt-14 rounded-2xl bg-stone-900 p-8 text-center text-white">
      <h2 className="font-display text-2xl font-bold">{t('shop.didntFind')}</h2>
      <p className="mx-auto mt-2 max-w-lg text-stone-300">{t('shop.didntFindText')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/custom" className="rounded-full bg-brand-500 px-6 py-3 font-semibold text-stone-950 hover:bg-brand-400">
          {t('nav.custom')}
        </Link>
        <a href={SHOP.instagram} target="_blank" rel="noopener noreferrer" className="rounded-full border border-white/50 px-6 py-3 font-semibold hover:bg-white/10">
          <span lang="en">Instagram</span> <Ltr lang="en">{SHOP.instagramHandle}</Ltr>
        </a>
      </div>
    </aside>
  );
}

function PostersGrid({ page, search, category, onPage }: { page: number; search: string; category: string; onPage: (p: number) => void }) {
  const t = useT();
  const { data, isLoading, isError, isFetching } = useGetPostersQuery({ page, search: search || undefined, category: category || undefined });
  if (isError) {
    return (
      <div role="alert" className="rounded-xl bg-rose-50 p-6 text-center text-rose-800">
        <p>{t('shop.postersFailed')}</p>
        <button type="button" onClick={() => window.location.reload()} className="mt-3 rounded-full bg-rose-700 px-5 py-2 font-semibold text-white">
          {t('shop.retry')}
        </button>
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <PosterCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const { posters } = data;
  if (posters.length === 0) return <p className="py-16 text-center text-lg text-stone-600">{t('shop.noPosters')}</p>;
  const from = (data.currentPage - 1) * data.itemsPerPage + 1;
  const to = from + posters.length - 1;
  return (
    <div className={isFetching ? 'opacity-60 transition' : 'transition'}>
      {/* The heading of the result list: the cards' titles (h3) sit under it, as a screen reader's outline expects. */}
      <h2 className="mb-4 text-sm font-normal text-stone-600" data-testid="result-range">
        {t('shop.range', { from, to, total: data.totalItems })}
      </h2>
      <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {posters.map((p, i) => (
          <PosterCard key={p.id} poster={p} eager={i < 2} first={i === 0} />
        ))}
      </div>
      <Pagination current={data.currentPage} total={data.totalPages} onPage={onPage} />
    </div>
  );
}

function AddonsGrid() {
  const t = useT();
  const { data, isLoading, isError } = useGetProductsQuery();
  if (isError) return <p role="alert" className="rounded-xl bg-rose-50 p-6 text-center text-rose-800">{t('shop.productsFailed')}</p>;
  if (isLoading) return <p className="py-16 text-center text-stone-500">{t('common.loading')}</p>;
  if (!data?.length) return <p className="py-16 text-center text-lg text-stone-600">{t('shop.noAddons')}</p>;
  return (
    <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
      {data.map((p) => (
        <AddonCard key={p.id} product={p} />
      ))}
    </div>
  );
}

export function ShopPage() {
  const t = useT();
  const categoryName = useCategoryLabel();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'addons' ? 'addons' : 'posters';
  const search = params.get('q')?.trim() ?? '';
  const category = params.get('category') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  // A new search looks in every category unless the shopper ticks "only in <category>".
  const [keepCategory, setKeepCategory] = useState(false);
  useEffect(() => setKeepCategory(false), [category]);
  const categories = useGetCategoriesQuery();
  const discounts = useGetPublicDiscountsQuery();

  useEffect(() => {
    if (categories.isError) toast.error(t('shop.categoriesFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categories.isError]);
  useEffect(() => {
    if (discounts.isError) toast.error(t('shop.discountsFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [discounts.isError]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    const q = draft.trim() || null;
    update({ q, page: null, tab: null, ...(q && !keepCategory ? { category: null } : {}) });
  };
  const activeDiscounts = (discounts.data ?? []).filter((d) => d.active && d.percentage > 0);

  const tabClass = (on: boolean) =>
    `rounded-full px-5 py-2 text-sm font-semibold transition ${on ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-200'}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-4xl font-bold tracking-tight" data-testid="shop-heading">
        {search && tab === 'posters' ? fillTemplate(t('shop.searchResultsFor'), { query: <bdi>{search}</bdi> }) : t('shop.title')}
      </h1>
      {search && tab === 'posters' && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700" data-testid="search-scope">
          {category ? (
            <>
              <span>{t('shop.searchScopeIn', { category: categoryName(category) })}</span>
              <button type="button" className="rounded-full border border-stone-400 px-3 py-1 text-sm font-semibold hover:bg-stone-100" onClick={() => update({ category: null, page: null })}>
                {t('shop.searchAll')}
              </button>
            </>
          ) : (
            t('shop.searchScopeAll')
          )}
        </p>
      )}
      {activeDiscounts.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('shop.currentDiscounts')}>
          {activeDiscounts.map((d) => (
            <li key={d.id} className="rounded-full bg-rose-100 px-3 py-1 text-sm font-medium text-rose-800">
              {t('shop.off', { percent: d.percentage })} · {d.category ? categoryName(d.category) : t('shop.allCategories')}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-6 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div role="tablist" aria-label={t('shop.title')} className="inline-flex w-fit rounded-full bg-stone-100 p-1">
          <button type="button" role="tab" aria-selected={tab === 'posters'} className={tabClass(tab === 'posters')} onClick={() => update({ tab: null })}>
            {t('shop.posters')}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'addons'} className={tabClass(tab === 'addons')} onClick={() => update({ tab: 'addons', page: null })}>
            {t('shop.addons')}
          </button>
        </div>
        {tab === 'posters' && (
          <div className="flex flex-col gap-3 sm:flex-row">
            <form role="search" onSubmit={submitSearch} className="flex">
              <label htmlFor="shop-search" className="sr-only">
                {t('shop.searchLabel')}
              </label>
              <input
                id="shop-search"
                type="search"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={t('shop.searchPlaceholder')}
                className="w-full min-w-0 rounded-s-full border border-stone-300 bg-white px-4 py-2 sm:w-56"
              />
              <button type="submit" className="rounded-e-full bg-stone-900 px-4 py-2 text-sm font-semibold text-white">
                {t('shop.search')}
              </button>
            </form>
            {category && (
              <label className="flex items-center gap-2 text-sm text-stone-700">
                <input type="checkbox" checked={keepCategory} onChange={(e) => setKeepCategory(e.target.checked)} className="h-4 w-4 accent-stone-900" data-testid="keep-category" />
                {t('shop.keepCategory', { category: categoryName(category) })}
              </label>
            )}
            <div className="flex items-center gap-2">
              <label htmlFor="shop-category" className="text-sm font-medium text-stone-600">
                {t('shop.category')}
              </label>
              <select
                id="shop-category"
                value={category}
                onChange={(e) => update({ category: e.target.value || null, page: null })}
                className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2"
                disabled={categories.isLoading}
              >
                <option value="">{t('shop.allCategories')}</option>
                {categories.data?.map((c) => (
                  <option key={c} value={c}>
                    {categoryName(c)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </div>
      {tab === 'posters' && categories.data?.length === 0 && <p className="mt-2 text-sm text-stone-500">{t('shop.noCategories')}</p>}

      <div className="mt-8">
        {tab === 'posters' ? (
          <PostersGrid page={page} search={search} category={category} onPage={(p) => update({ page: p > 1 ? String(p) : null })} />
        ) : (
          <AddonsGrid />
        )}
      </div>
      <DidntFindPanel />
    </div>
  );
}

