import type { PageHead } from './page-head';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: no "</script>" or "<!--" can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The page's <head> tags as HTML, for the server's document (data-head marks them for the client to update). */
export function headHtml(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" data-head>`,
    `<meta name="robots" content="${escapeHtml(head.robots)}" data-head>`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-head>`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" data-head>`),
    ...head.og.map((m) => `<meta property="${escapeHtml(m.property)}" content="${escapeHtml(m.content)}" data-head>`),
    ...head.twitter.map((m) => `<meta name="${escapeHtml(m.name)}" content="${escapeHtml(m.content)}" data-head>`),
    ...head.jsonLd.map((ld) => `<script type="application/ld+json" data-head>${scriptJson(ld)}</script>`),
  ];
  return tags.join('\n    ');
}
