import { useId } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/numbers';
import { MinusIcon, PlusIcon } from '../../../lib/icons';

/**
 * − quantity + for one cart line, never below 1 (remove is its own action). Each button is named
 * after the line for screen readers ("Decrease quantity: Nile at Dusk") by the element that shows
 * the line's name (`nameId`), not an aria-label: that element carries the name's own language,
 * which an attribute could not.
 */
export function LineQuantityStepper({ nameId, quantity, busy, onQuantity, className = 'border-stone-300', testId = 'line-quantity' }: { nameId: string; quantity: number; busy?: boolean; onQuantity: (quantity: number) => void; className?: string; testId?: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const button = 'flex h-9 w-9 items-center justify-center rounded-full hover:bg-stone-100 disabled:opacity-40';
  return (
    <div className={`flex flex-none items-center rounded-full border bg-white ${className}`}>
      <span id={`${id}-less`} hidden>
        {t('poster.decrease')}:
      </span>
      <span id={`${id}-more`} hidden>
        {t('poster.increase')}:
      </span>
      <button type="button" className={button} aria-labelledby={`${id}-less ${nameId}`} disabled={busy || quantity <= 1} onClick={() => onQuantity(quantity - 1)}>
        <MinusIcon className="h-4 w-4" />
      </button>
      <span className="w-8 text-center text-sm font-medium" aria-live="polite" data-testid={testId}>
        {formatNumber(quantity, locale)}
      </span>
      <button type="button" className={button} aria-labelledby={`${id}-more ${nameId}`} disabled={busy} onClick={() => onQuantity(quantity + 1)}>
        <PlusIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
