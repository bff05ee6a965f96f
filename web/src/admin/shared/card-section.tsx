import type { ReactNode } from 'react';
import { card } from './styles';

/** A card of an admin page under its own heading, which names the section for assistive technology. */
export function CardSection({ id, title, className = '', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`${card} ${className}`} aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
