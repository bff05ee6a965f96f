import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster } from '../testing/seed-catalogue.js';

// The built web app of this checkout (`npm run build`, which `npm test` runs first): the pages
// come from its server renderer, as in production.
const WEB_DIST = path.resolve('web/dist');
const ORIGIN = 'https://shop.example';

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
}
const meta = (html: string, property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];

describe('storefront pages rendered on the server (HTTP, real projector)', () => {
  let t: TestApp;
  let posterId: string;
  let hiddenId: string;
  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) throw new Error('web/dist/server is missing: run `npm run build` first');
    t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, WEB_ORIGIN: ORIGIN } });
    posterId = (await seedPoster(t.store, { name: 'Nile <Sunset> & Co', description: 'Felucca at dusk', category: 'ANIME', prices: { SIZE_20x30: 25000, SIZE_30x40: 41000 } })).posterId;
    hiddenId = (await seedPoster(t.store, { name: 'Secret', visible: false })).posterId;
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a poster page in English holds its title, price, image, JSON-LD and hreflang in the raw HTML', async () => {
    const res = await t.request().get(`/posters/${posterId}`).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = res.text;
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toContain('<title>Nile &lt;Sunset&gt; &amp; Co | Poster Shop</title>');
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/uploads/`));
    expect(meta(html, 'product:price:amount')).toBe('250.00');
    expect(meta(html, 'og:type')).toBe('product');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/posters/${posterId}"`);
    expect(html).toContain(`<link rel="alternate" hreflang="ar" href="${ORIGIN}/ar/posters/${posterId}"`);
    // The content itself, not a spinner: the name and the price are in the body. The `<` and `&`
    // are escaped; a bare `>` in text is valid HTML (a renderer may leave it as it is).
    expect(html).toMatch(/<h1[^>]*>(<bdi[^>]*>)?Nile &lt;Sunset(&gt;|>) &amp; Co(<\/bdi>)?<\/h1>/);
    expect(html).toMatch(/data-testid="poster-price"[\s\S]*250\.00/);
    const ld = jsonLd(html);
    const product = ld.find((x) => x['@type'] === 'Product') as { name: string; offers: Record<string, unknown> };
    expect(product.name).toBe('Nile <Sunset> & Co');
    expect(product.offers).toMatchObject({ priceCurrency: 'EGP', lowPrice: '250.00', highPrice: '410.00', availability: 'https://schema.org/InStock' });
    expect(ld.map((x) => x['@type'])).toEqual(expect.arrayContaining(['Organization', 'BreadcrumbList', 'Product']));
    // The store state the client hydrates from carries the poster: the browser does not fetch it again.
    const state = JSON.parse(html.match(/<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/)![1]) as { store: { api: { queries: Record<string, { data?: { id?: string } }> } } };
    expect(Object.values(state.store.api.queries).some((q) => q.data?.id === posterId)).toBe(true);
  });

  it.each(['poster', 'shop'])('the %s page preloads its largest image, at high priority, with the same candidates and sizes as its <img>, so it is fetched once', async (page) => {
    const html = (await t.request().get(page === 'poster' ? `/posters/${posterId}` : '/shop').expect(200)).text;
    const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), m[2]]));
    // React's renderer preloads the eager images it renders, ahead of the page's content.
    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => attrs(m[0]));
    const high = preloads.filter((p) => p.fetchpriority === 'high');
    expect(high).toHaveLength(1);
    expect(html.indexOf('<link rel="preload" as="image"')).toBeLessThan(html.indexOf('<img'));
    const img = attrs(html.match(/<img[^>]*fetchpriority="high"[^>]*>/i)![0]);
    expect(high[0].imagesrcset).toMatch(/-w320\.webp 320w, .*-w1200\.webp 1200w$/);
    expect([high[0].imagesrcset, high[0].imagesizes]).toEqual([img.srcset, img.sizes]);
    // Every preload is one the page's <img> elements ask for: nothing fetched that the page does not show.
    const imgSets = [...html.matchAll(/<img[^>]*>/g)].map((m) => attrs(m[0]).srcset);
    for (const p of preloads) expect(imgSets).toContain(p.imagesrcset);
  });

  it('each language preloads its own fonts, declared in the page\'s inline stylesheet and served for a year', async () => {
    const preloadedFonts = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((m) => m[1]);
    const arabic = (await t.request().get('/ar').expect(200)).text;
    const english = (await t.request().get('/').expect(200)).text;
    // Arabic text and headings are Naskh (one face); English headings Playfair, English text the phone's own.
    expect(preloadedFonts(arabic).map((f) => path.basename(f).replace(/-[\w-]{8}\.woff2$/, ''))).toEqual(['noto-naskh-arabic-arabic-400-normal']);
    expect(preloadedFonts(english).map((f) => path.basename(f).replace(/-[\w-]{8}\.woff2$/, ''))).toEqual(['playfair-display-latin-700-normal']);
    for (const font of [...preloadedFonts(arabic), ...preloadedFonts(english)]) {
      // The preload fetches the very file the stylesheet's @font-face names, so it is not fetched twice.
      expect(arabic).toContain(`url(${font})`);
      const res = await t.request().get(font).expect(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBeLessThan(60_000);
    }
    expect(arabic).toMatch(/font-display:swap/);
    // Bold Arabic is the family's own bold face, not one the browser smears from the regular.
    const bold = /@font-face\{font-family:"?Noto Naskh Arabic"?;font-style:normal;font-weight:700;font-display:swap;src:url\(([^)]+)\)/.exec(arabic)?.[1];
    expect(bold && path.basename(bold)).toMatch(/^noto-naskh-arabic-arabic-700-normal-[\w-]{8}\.woff2$/);
    const boldFile = await t.request().get(bold!).expect(200);
    expect(boldFile.headers['content-type']).toBe('font/woff2');
  });

  it('the Arabic twin is right-to-left with Arabic texts and the same product data', async () => {
    const html = (await t.request().get(`/ar/posters/${posterId}`).expect(200)).text;
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('<title>Nile &lt;Sunset&gt; &amp; Co | بوستر شوب</title>');
    expect(meta(html, 'og:locale')).toBe('ar_EG');
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/uploads/`));
    expect(meta(html, 'product:price:amount')).toBe('250.00');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/ar/posters/${posterId}"`);
    expect(html).toContain('أضف إلى السلة');
    // The price as an Arabic reader sees it: Arabic-Indic digits and ج.م, in the page before any script runs.
    expect(html).toMatch(/data-testid="poster-price"[\s\S]*٢٥٠٫٠٠/);
    const product = jsonLd(html).find((x) => x['@type'] === 'Product') as { offers: Record<string, unknown> };
    expect(product.offers).toMatchObject({ priceCurrency: 'EGP', lowPrice: '250.00' });
  });

  it('an unknown path, an unknown poster and a hidden one answer 404 with the page, not indexed', async () => {
    for (const url of ['/no-such-page', '/ar/no-such-page', `/posters/${hiddenId}`, '/posters/nope']) {
      const res = await t.request().get(url).expect(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(meta(res.text, 'robots')).toBe('noindex');
    }
    expect((await t.request().get('/no-such-page').expect(404)).text).toContain('Page not found');
  });

  it('the back-office stays a client app: its shell, not server-rendered', async () => {
    const res = await t.request().get('/admin/orders').expect(200);
    expect(res.text).toMatch(/<div id="root"><\/div>/);
    expect(res.text).not.toContain('server-state');
  });

  it('hashed assets are cached for a year and sent precompressed', async () => {
    const html = (await t.request().get('/').expect(200)).text;
    const script = html.match(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"/)![1];
    const res = await t.request().get(script).set('Accept-Encoding', 'br, gzip').buffer(true).parse((r, cb) => {
      r.on('data', () => undefined);
      r.on('end', () => cb(null, null));
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('robots.txt keeps the back-office and the API out and names the sitemap', async () => {
    const res = await t.request().get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /admin', 'Disallow: /api/', `Sitemap: ${ORIGIN}/sitemap.xml`]));
    // Every line is a directive robots.txt knows, or blank.
    for (const line of lines) expect(line).toMatch(/^(|User-agent: .+|Allow: \/.*|Disallow: \/.*|Sitemap: https?:\/\/.+)$/);
  });

  it('sitemap.xml lists the posters on sale in both languages, with hreflang twins', async () => {
    const res = await t.request().get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.text).toContain(`<loc>${ORIGIN}/posters/${posterId}</loc>`);
    expect(res.text).toContain(`<loc>${ORIGIN}/ar/posters/${posterId}</loc>`);
    expect(res.text).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${ORIGIN}/ar/posters/${posterId}"/>`);
    expect(res.text).toContain(`<loc>${ORIGIN}/ar/shop</loc>`);
    expect(res.text).not.toContain(hiddenId);
  });
});
