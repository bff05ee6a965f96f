import type { DataSource } from 'typeorm';
import { PosterEntity } from '#read-models/poster.entity.js';

// Pages worth finding, as paths inside a language (the Arabic twin is the same under /ar).
const STATIC_PAGES = ['/', '/shop', '/custom', '/about', '/contact', '/shipping-policy', '/refund-policy', '/privacy-policy', '/terms'];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inLanguage = (origin: string, p: string, lang: 'en' | 'ar') => `${origin}${lang === 'ar' ? (p === '/' ? '/ar' : `/ar${p}`) : p}`;

/** robots.txt: everything public may be crawled, the back-office and the API may not. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /ar/admin', 'Disallow: /login', 'Disallow: /api/', 'Disallow: /checkout', 'Disallow: /ar/checkout', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/**
 * sitemap.xml from the posters read model: every page a shopper can land on, in English and
 * Arabic, each entry naming its twin (hreflang) so search engines show the right language.
 */
export async function sitemapXml(dataSource: DataSource, origin: string): Promise<string> {
  const posters = await dataSource
    .getRepository(PosterEntity)
    .createQueryBuilder('p')
    .select(['p.id', 'p.updatedAt'])
    .where('p.visible = true AND p.deleted = false')
    .orderBy('p.createdAt', 'DESC')
    .addOrderBy('p.id', 'ASC')
    // The sitemap protocol's limit is 50,000 URLs a file; two languages each.
    .limit(24_000)
    .getMany();
  const pages: Array<{ path: string; lastmod?: Date }> = [
    ...STATIC_PAGES.map((p) => ({ path: p })),
    ...posters.map((p) => ({ path: `/posters/${encodeURIComponent(p.id)}`, lastmod: p.updatedAt })),
  ];
  const entries = pages.flatMap(({ path, lastmod }) =>
    (['en', 'ar'] as const).map((lang) =>
      [
        '  <url>',
        `    <loc>${xml(inLanguage(origin, path, lang))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod.toISOString()}</lastmod>`] : []),
        `    <xhtml:link rel="alternate" hreflang="en" href="${xml(inLanguage(origin, path, 'en'))}"/>`,
        `    <xhtml:link rel="alternate" hreflang="ar" href="${xml(inLanguage(origin, path, 'ar'))}"/>`,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(inLanguage(origin, path, 'en'))}"/>`,
        '  </url>',
      ].join('\n'),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
