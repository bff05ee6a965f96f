/**
 * How the shop writes numbers, money, sizes, counts and item names to a customer, in the
 * customer's language: one set of rules for e-mails, text messages and paper, and the same rules
 * the web applies to its pages. Arabic text carries no English: an item is named by its Arabic
 * catalogue name, a size reads '٤٠×٥٠ سم', a count takes Arabic's dual ('منتجان'), and every
 * number uses the one digit system the shop chose (ARABIC_DIGITS).
 */
import type { ShopLanguage } from './shop-language.js';

/** How Arabic text writes its digits: Egypt's own Arabic-Indic (٠١٢٣) or the Latin 0-9 some shops prefer. */
export const ARABIC_DIGIT_SYSTEMS = ['arabic-indic', 'latin'] as const;
export type ArabicDigits = (typeof ARABIC_DIGIT_SYSTEMS)[number];
export const DEFAULT_ARABIC_DIGITS: ArabicDigits = 'arabic-indic';

export function isArabicDigits(value: unknown): value is ArabicDigits {
  return typeof value === 'string' && (ARABIC_DIGIT_SYSTEMS as readonly string[]).includes(value);
}

/** The setting as the environment spells it ('latin', ' Arabic-Indic '); anything else is the default. */
export function parseArabicDigits(value: string | undefined): ArabicDigits {
  const v = value?.trim().toLowerCase();
  return isArabicDigits(v) ? v : DEFAULT_ARABIC_DIGITS;
}

/** What a customer-facing text needs to know to write itself: the language, and Arabic's digits. */
export interface CustomerVoice {
  language: ShopLanguage;
  digits: ArabicDigits;
}

/**
 * Latin words an Arabic text may hold: the shop's brand names, and "English" on the language
 * switch (a language is named in its own script, so an English reader finds it). Codes are
 * recognised by their shape (LATIN_ALLOWED_SHAPES); anything the customer typed is theirs. The one
 * list the Arabic scans (pages, e-mails, paper) allow.
 */
export const LATIN_BRAND_NAMES = ['Poster Shop', 'postershop.eg', 'Instagram', 'Facebook', 'TikTok', 'WhatsApp', 'English'] as const;

/**
 * Codes a customer reads and types back as they are: order numbers (PS-7ZP5-D2CQ), promo codes
 * (capitals with digits: FOLLOW10), e-mail and web addresses.
 */
export const LATIN_ALLOWED_SHAPES: readonly RegExp[] = [
  /\bPS-[A-Z0-9-]+/g, /\b[A-Z]+[0-9][A-Z0-9]*\b/g, /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, /https?:\/\/\S+/g,
];

/** The Latin words of `text` that are none of the allowed tokens: what an Arabic scan reports. */
export function latinLeaks(text: string, allowed: readonly string[] = []): string[] {
  let rest = text;
  for (const shape of LATIN_ALLOWED_SHAPES) rest = rest.replace(shape, ' ');
  for (const token of [...LATIN_BRAND_NAMES, ...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(token).join(' ');
  return rest.match(/[A-Za-z]+/g) ?? [];
}

const FORMATS: Record<ArabicDigits, { count: Intl.NumberFormat; plain: Intl.NumberFormat; money: Intl.NumberFormat }> = {
  'arabic-indic': {
    count: new Intl.NumberFormat('ar-EG'),
    plain: new Intl.NumberFormat('ar-EG', { useGrouping: false }),
    money: new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  },
  latin: {
    count: new Intl.NumberFormat('ar-EG-u-nu-latn'),
    plain: new Intl.NumberFormat('ar-EG-u-nu-latn', { useGrouping: false }),
    money: new Intl.NumberFormat('ar-EG-u-nu-latn', { style: 'currency', currency: 'EGP', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  },
};
const ENGLISH = {
  count: new Intl.NumberFormat('en-US'),
  money: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** A count: '1,234', '١٬٢٣٤' or (latin) '1,234'. */
export function customerNumber(n: number, voice: CustomerVoice): string {
  return voice.language === 'ar' ? FORMATS[voice.digits].count.format(n) : ENGLISH.count.format(n);
}

/** Money in EGP (not piastres): 'LE 1,499.00' or '١٬٤٩٩٫٠٠ ج.م.', the one currency word of each language. */
export function customerMoney(egp: number, voice: CustomerVoice): string {
  if (voice.language === 'ar') return FORMATS[voice.digits].money.format(egp);
  return `${egp < 0 ? '−' : ''}LE ${ENGLISH.money.format(Math.abs(egp))}`;
}

/** A text written with 0-9 (a phone number, a date) in Arabic's digits; English text is left as it is. */
export function customerDigits(text: string, voice: CustomerVoice): string {
  if (voice.language !== 'ar' || voice.digits === 'latin') return text;
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/** A poster size, 'SIZE_40x50' or '40x50': '40x50cm', or '٤٠×٥٠ سم' in Arabic. Unknown text is returned as is. */
export function customerSize(size: string, voice: CustomerVoice): string {
  const m = /^(?:SIZE_)?(\d+)x(\d+)$/i.exec(size.trim());
  if (!m) return size;
  if (voice.language !== 'ar') return `${m[1]}x${m[2]}cm`;
  const plain = FORMATS[voice.digits].plain;
  return `${plain.format(Number(m[1]))}×${plain.format(Number(m[2]))} سم`;
}

/** A poster of the shopper's own image: what every customer text calls it. */
export const CUSTOM_POSTER_NAMES: Readonly<Record<ShopLanguage, string>> = { en: 'Custom Poster', ar: 'بوستر مخصص' };

/** An order line's name in the customer's language: the Arabic catalogue name where there is one, a custom poster's own name. */
export function customerItemName(item: { kind?: string; name: string; nameAr?: string | null }, language: ShopLanguage): string {
  if (item.kind === 'custom') return CUSTOM_POSTER_NAMES[language];
  return language === 'ar' ? item.nameAr || item.name : item.name || item.nameAr || '';
}

/**
 * A noun's forms for a count. Arabic has six plural categories (Intl.PluralRules('ar')): 'one' and
 * 'two' stand alone ('منتج واحد', 'منتجان'), the others follow the number ('٣ منتجات', '١١ منتجًا',
 * '١٠٠ منتج'). English has 'one' and 'other'. `{n}` is where the number goes.
 */
export interface CountForms {
  en: { one: string; other: string };
  ar: { zero: string; one: string; two: string; few: string; many: string; other: string };
}

const PLURALS: Record<ShopLanguage, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/** '1 item', '3 items'; 'منتج واحد', 'منتجان', '٣ منتجات', '١١ منتجًا'. */
export function customerCount(n: number, forms: CountForms, voice: CustomerVoice): string {
  const category = PLURALS[voice.language].select(n) as keyof CountForms['ar'];
  const form = voice.language === 'ar' ? forms.ar[category] ?? forms.ar.other : forms.en[category === 'one' ? 'one' : 'other'];
  return form.replace('{n}', customerNumber(n, voice));
}

/** Items (posters and add-ons) in a parcel or an order. */
export const ITEM_COUNT: CountForms = {
  en: { one: '{n} item', other: '{n} items' },
  ar: { zero: 'لا منتجات', one: 'منتج واحد', two: 'منتجان', few: '{n} منتجات', many: '{n} منتجًا', other: '{n} منتج' },
};

/** Orders (a manifest's, a day's). */
export const ORDER_COUNT: CountForms = {
  en: { one: '{n} order', other: '{n} orders' },
  ar: { zero: 'لا طلبات', one: 'طلب واحد', two: 'طلبان', few: '{n} طلبات', many: '{n} طلبًا', other: '{n} طلب' },
};

/** Lines of an order. */
export const LINE_COUNT: CountForms = {
  en: { one: '{n} line', other: '{n} lines' },
  ar: { zero: 'لا بنود', one: 'بند واحد', two: 'بندان', few: '{n} بنود', many: '{n} بندًا', other: '{n} بند' },
};

/** The shop's own name in each language: e-mails' sender, signatures, the paper's header. */
export const SHOP_NAMES: Readonly<Record<ShopLanguage, string>> = { en: 'Poster Shop', ar: 'متجر البوسترات' };
