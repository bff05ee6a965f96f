import { useT } from '../lib/i18n';

export function PageSpinner() {
  const t = useT();
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={t('a11y.loading')}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-stone-300 border-t-stone-900" />
    </div>
  );
}
