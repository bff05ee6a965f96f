import type { ReactNode } from 'react';
import { useLocale } from '../../../lib/i18n';

export interface Section {
  heading: string;
  body: ReactNode;
}
export interface Bilingual {
  title: string;
  intro?: ReactNode;
  sections: Section[];
}

/** Static pages keep their English and Arabic text side by side in one file each. */
export function StaticPage({ en, ar }: { en: Bilingual; ar: Bilingual }) {
  const locale = useLocale();
  const page = locale === 'ar' ? ar : en;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-4xl font-bold tracking-tight">{page.title}</h1>
      {page.intro && <div className="mt-4 text-lg leading-relaxed text-stone-600">{page.intro}</div>}
      <div className="mt-10 space-y-8">
        {page.sections.map((s) => (
          <section key={s.heading}>
            <h2 className="text-xl font-semibold">{s.heading}</h2>
            <div className="mt-2 space-y-2 leading-relaxed text-stone-700">{s.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
