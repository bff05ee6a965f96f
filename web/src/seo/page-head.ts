import type { PosterView } from '../api/generated-public';
import type { RootState } from '../app/store';
import type { Locale } from '../app/ui-slice';
import { catalogApi } from '../features/catalog/catalog-api';
import { categoryLabel, fromPrice, variantPrice } from '../features/catalog/catalog-format';
import { translate, type MessageKey } from '../lib/i18n';
import { catalogueText } from '../lib/catalogue-text';
import { resolveImageUrl } from '../lib/images';
import { formatMoney } from '../lib/money';
import { SHOP } from '../lib/shop-info';
import { localizedPath } from './locale-path';
import type { PageKind } from './page-kind';

/** Everything a page says about itself in <head>: for search engines and for link previews in chats. */
export interface PageHead {
  locale: Locale;
  title: string;
  description: string;
  canonical: string;
  /** hreflang → absolute URL of the same page in each language (and x-default). */
  alternates: Array<{ hreflang: string; href: string }>;
  robots: string;
  og: Array<{ property: string; content: string }>;
  twitter: Array<{ name: string; content: string }>;
  jsonLd: object[];
}

export interface PageHeadInput {
  page: PageKind;
  locale: Locale;
  /** The shop's public origin, e.g. https://postershop.eg (canonical and OG URLs are absolute). */
  origin: string;
  /** Path inside the language ('/posters/abc', never '/ar/…') and the query string ('' or '?q=x'). */
  path: string;
  search: string;
  params: Record<string, string | undefined>;
  state: RootState;
}

const STATIC_TITLES: Partial<Record<PageKind, MessageKey>> = {
  about: 'nav.about',
  contact: 'nav.contact',
  refund: 'footer.refund',
  privacy: 'footer.privacy',
  terms: 'footer.terms',
  shipping: 'footer.shipping',
  checkout: 'seo.checkoutTitle',
  confirmation: 'seo.confirmationTitle',
  track: 'track.title',
  notFound: 'notFound.title',
};

// Pages that are one shopper's own (their cart, their order) or not a page at all: never indexed.
const NOT_INDEXED: ReadonlySet<PageKind> = new Set(['checkout', 'confirmation', 'notFound']);

function categoryName(locale: Locale, category: string): string {
  const key = `category.${category}` as MessageKey;
  const text = translate(locale, key);
  return text === key ? categoryLabel(category) : text;
}

function absolute(origin: string, url: string): string {
  return new URL(url, origin).toString();
}

/** The shop's query string as canonical: only what changes the content (search, category, page > 1). */
function canonicalSearch(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['q', 'category', 'tab']) {
    const v = from.get(key);
    if (v) kept.set(key, v);
  }
  const page = Number(from.get('page'));
  if (page > 1) kept.set('page', String(page));
  const s = kept.toString();
  return s ? `?${s}` : '';
}

function organization(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP.name,
    url: absolute(origin, '/'),
    email: SHOP.email,
    telephone: SHOP.phone,
    sameAs: [SHOP.instagram, SHOP.facebook, SHOP.tiktok],
  };
}

function breadcrumbs(items: Array<{ name: string; url: string }>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

function productLd(poster: PosterView, url: string, image: string | undefined, locale: Locale): object {
  const prices = poster.variants.map((v) => variantPrice(v).price);
  const low = prices.length ? Math.min(...prices) : 0;
  const high = prices.length ? Math.max(...prices) : 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: catalogueText(locale, poster.name, poster.nameAr).text,
    description: catalogueText(locale, poster.description, poster.descriptionAr).text,
    sku: poster.id,
    category: categoryName(locale, poster.category),
    ...(image ? { image: [image] } : {}),
    brand: { '@type': 'Brand', name: SHOP.name },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'EGP',
      lowPrice: low.toFixed(2),
      highPrice: high.toFixed(2),
      offerCount: poster.variants.length,
      availability: poster.isActive && poster.variants.length > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
}

/** The <head> of a storefront page, from the page, its language and the data already in the store. */
export function buildPageHead(input: PageHeadInput): PageHead {
  const { page, locale, origin, path, state } = input;
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars);
  const search = page === 'shop' ? canonicalSearch(input.search) : '';
  const urlIn = (l: Locale) => absolute(origin, localizedPath(path, l) + search);
  const canonical = urlIn(locale);
  const siteName = t('shop.name');
  const home = { name: t('nav.home'), url: absolute(origin, localizedPath('/', locale)) };
  const shop = { name: t('nav.shop'), url: absolute(origin, localizedPath('/shop', locale)) };

  let title = t('seo.homeTitle');
  let description = t('seo.homeDescription');
  let image: string | undefined;
  const jsonLd: object[] = [organization(origin)];
  const og: PageHead['og'] = [];

  if (page === 'home') {
    const featured = catalogApi.endpoints.getFeatured.select(undefined)(state).data;
    const first = resolveImageUrl(featured?.[0]?.imageUrl);
    if (first) image = absolute(origin, first);
  } else if (page === 'shop') {
    const q = new URLSearchParams(input.search).get('q')?.trim();
    title = q ? t('seo.searchTitle', { q }) : t('seo.shopTitle');
    description = t('seo.shopDescription');
    jsonLd.push(breadcrumbs([home, shop]));
  } else if (page === 'poster') {
    const poster = catalogApi.endpoints.getPoster.select(input.params.id ?? '')(state).data;
    if (poster) {
      const from = fromPrice(poster);
      const category = categoryName(locale, poster.category);
      // The poster's name in the page's language, as the page's heading shows it.
      const name = catalogueText(locale, poster.name, poster.nameAr).text;
      title = name;
      description = t('seo.posterDescription', { name, category, price: formatMoney(from?.price ?? 0, locale) });
      const resolved = resolveImageUrl(poster.imageUrl);
      if (resolved) {
        image = absolute(origin, resolved);
      }
      jsonLd.push(productLd(poster, canonical, image, locale));
      jsonLd.push(
        breadcrumbs([
          home,
          shop,
          { name: category, url: absolute(origin, `${localizedPath('/shop', locale)}?category=${encodeURIComponent(poster.category)}`) },
          { name, url: canonical },
        ]),
      );
      og.push({ property: 'product:price:amount', content: (from?.price ?? 0).toFixed(2) }, { property: 'product:price:currency', content: 'EGP' });
    } else {
      title = t('poster.notFound');
    }
  } else if (page === 'custom') {
    title = t('seo.customTitle');
    description = t('seo.customDescription');
  } else {
    const key = STATIC_TITLES[page];
    if (key) title = t(key);
  }

  const fullTitle = page === 'home' ? title : `${title} | ${siteName}`;
  const posterMissing = page === 'poster' && !catalogApi.endpoints.getPoster.select(input.params.id ?? '')(state).data;
  return {
    locale,
    title: fullTitle,
    description,
    canonical,
    alternates: [
      { hreflang: 'en', href: urlIn('en') },
      { hreflang: 'ar', href: urlIn('ar') },
      { hreflang: 'x-default', href: urlIn('en') },
    ],
    robots: NOT_INDEXED.has(page) || posterMissing ? 'noindex' : 'index, follow',
    og: [
      { property: 'og:site_name', content: siteName },
      { property: 'og:type', content: page === 'poster' && !posterMissing ? 'product' : 'website' },
      { property: 'og:title', content: fullTitle },
      { property: 'og:description', content: description },
      { property: 'og:url', content: canonical },
      { property: 'og:locale', content: locale === 'ar' ? 'ar_EG' : 'en_US' },
      { property: 'og:locale:alternate', content: locale === 'ar' ? 'en_US' : 'ar_EG' },
      ...(image ? [{ property: 'og:image', content: image }, { property: 'og:image:alt', content: title }] : []),
      ...og,
    ],
    twitter: [
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: fullTitle },
      { name: 'twitter:description', content: description },
      ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ],
    jsonLd,
  };
}
