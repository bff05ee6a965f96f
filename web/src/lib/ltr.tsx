import type { ReactNode } from 'react';
import { scriptRuns } from './catalogue-text';
import { useLocale } from './i18n';
import { formatMoney } from './money';
import { formatNumber } from './numbers';

/**
 * Numbers, prices and phone numbers stay left-to-right inside Arabic text. Latin text kept as it is
 * (an e-mail address, an order number, a promo code) says so with `lang="en"`, so a screen reader
 * on an Arabic page reads it with a Latin voice.
 */
export function Ltr({ children, className, lang }: { children: ReactNode; className?: string; lang?: 'en' }) {
  return (
    <bdi dir="ltr" className={className} lang={lang}>
      {children}
    </bdi>
  );
}

/**
 * A price in the shopper's language, isolated from the text around it (an Arabic price reads
 * right to left, an English one left to right) and never broken across lines. `negative` shows a
 * discount with its sign on the number.
 */
export function Money({ amount, negative, className = '' }: { amount: number | string | null | undefined; negative?: boolean; className?: string }) {
  const locale = useLocale();
  const value = negative ? -Math.abs(Number(amount) || 0) : amount;
  return (
    <bdi dir={locale === 'ar' ? 'rtl' : 'ltr'} className={`whitespace-nowrap ${className}`} data-money>
      {formatMoney(value, locale)}
    </bdi>
  );
}

/** A plain text in the page's language with its other-language runs (a code, a name) marked with their lang. */
export function MarkedText({ text }: { text: string }) {
  const locale = useLocale();
  return (
    <>
      {scriptRuns(text, locale).map((run, i) => (run.lang ? <span key={i} lang={run.lang}>{run.text}</span> : run.text))}
    </>
  );
}

/** Fills `{name}` placeholders of a translated text with elements (e.g. a <Money/> inside a sentence). */
export function fillTemplate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/g).map((chunk, i) => {
    const m = /^\{(\w+)\}$/.exec(chunk);
    return m && m[1] in parts ? <span key={i}>{parts[m[1]]}</span> : chunk;
  });
}

/** A count inside a page's own text (policy pages: "3 to 5 days"), in the page's digits. */
export function Num({ n }: { n: number }) {
  return <>{formatNumber(n, useLocale())}</>;
}
