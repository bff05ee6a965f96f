import type { ReactNode } from 'react';
import { useLocale } from './i18n';
import { formatMoney } from './money';

/** Numbers, prices and phone numbers stay left-to-right inside Arabic text. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
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

/** Fills `{name}` placeholders of a translated text with elements (e.g. a <Money/> inside a sentence). */
export function fillTemplate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/g).map((chunk, i) => {
    const m = /^\{(\w+)\}$/.exec(chunk);
    return m && m[1] in parts ? <span key={i}>{parts[m[1]]}</span> : chunk;
  });
}
