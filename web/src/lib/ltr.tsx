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
