/**
 * An e-mail's HTML part: the same words as its plain-text part (templates are plain text, see
 * message-template.ts), laid out in the shop's colours with inline styles only, since mail readers
 * drop style sheets. Arabic mail is `dir="rtl" lang="ar"` so readers right-align it and pick an
 * Arabic voice. Every character of the text is escaped: a name, a street or an owner's template
 * can never become markup.
 */
import type { ShopLanguage } from '../shared/shop-language.js';
import { SHOP_NAMES } from '../shared/customer-words.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** An https link in already escaped text, made clickable (its text stays the link itself). */
function linked(escaped: string): string {
  return escaped.replace(/https:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#1c1917">${url}</a>`);
}

/** Paragraphs at blank lines, line breaks within them. */
function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p style="margin:0 0 16px">${p.split('\n').map((line) => linked(escapeHtml(line))).join('<br>')}</p>`)
    .join('\n');
}

export function emailHtml(subject: string, body: string, language: ShopLanguage): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const font = language === 'ar' ? "Tahoma,'Segoe UI',Arial,sans-serif" : "'Segoe UI',Helvetica,Arial,sans-serif";
  return `<!DOCTYPE html>
<html dir="${dir}" lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4">
<div dir="${dir}" lang="${language}" style="max-width:560px;margin:0 auto;padding:24px;font-family:${font};font-size:15px;line-height:1.6;color:#1c1917;text-align:${language === 'ar' ? 'right' : 'left'}">
<div style="padding:16px 24px;background:#1c1917;color:#fafaf9;font-size:20px;font-weight:bold;border-radius:12px 12px 0 0">${escapeHtml(SHOP_NAMES[language])}</div>
<div style="padding:24px;background:#ffffff;border-radius:0 0 12px 12px">
${paragraphs(body)}
</div>
</div>
</body>
</html>`;
}

/**
 * The From header for a customer's language: the configured address under the shop's name in
 * that language (an Arabic reader's inbox says "متجر البوسترات"). English keeps the configured
 * header as the owner wrote it.
 */
export function senderFor(from: string, language: ShopLanguage): string | { name: string; address: string } {
  if (language === 'en') return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: SHOP_NAMES[language], address };
}
