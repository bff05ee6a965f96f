import { useLocale, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/numbers';
import { MinusIcon, PlusIcon } from '../../../lib/icons';

/** − quantity + for one cart line, named after it for screen readers; never below 1 (remove is its own action). */
export function LineQuantityStepper({ name, quantity, busy, onQuantity, className = 'border-stone-300', testId = 'line-quantity' }: { name: string; quantity: number; busy?: boolean; onQuantity: (quantity: number) => void; className?: string; testId?: string }) {
  const t = useT();
  const locale = useLocale();
  const button = 'flex h-9 w-9 items-center justify-center rounded-full hover:bg-stone-100 disabled:opacity-40';
  return (
    <div className={`flex flex-none items-center rounded-full border bg-white ${className}`}>
      <button type="button" className={button} aria-label={`${t('poster.decrease')}: ${name}`} disabled={busy || quantity <= 1} onClick={() => onQuantity(quantity - 1)}>
        <MinusIcon className="h-4 w-4" />
      </button>
      <span className="w-8 text-center text-sm font-medium" aria-live="polite" data-testid={testId}>
        {formatNumber(quantity, locale)}
      </span>
      <button type="button" className={button} aria-label={`${t('poster.increase')}: ${name}`} disabled={busy} onClick={() => onQuantity(quantity + 1)}>
        <PlusIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
