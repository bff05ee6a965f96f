import type { ReactNode } from 'react';
import { formatMoney } from './money';

/** Numbers, prices and phone numbers stay left-to-right inside Arabic text. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

export function Money({ amount, className }: { amount: number | string | null | undefined; className?: string }) {
  return <Ltr className={className}>{formatMoney(amount)}</Ltr>;
}

/** Fills `{name}` placeholders of a translated text with elements (e.g. a <Money/> inside a sentence). */
export function fillTemplate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/g).map((chunk, i) => {
    const m = /^\{(\w+)\}$/.exec(chunk);
    return m && m[1] in parts ? <span key={i}>{parts[m[1]]}</span> : chunk;
  });
}
