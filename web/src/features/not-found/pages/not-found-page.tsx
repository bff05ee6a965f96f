import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 py-20 text-center">
      <p className="font-display text-8xl font-bold text-brand-500" aria-hidden>
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        <span className="sr-only">404 </span>
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-stone-600">{t('notFound.text')}</p>
      <Link to="/" className="mt-8 rounded-full bg-stone-900 px-6 py-3 font-semibold text-white">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
