import type { ReactNode } from 'react';
import { th } from './styles';

/**
 * A header: its text, optionally right-aligned (amounts), read only by screen readers (action
 * columns), or shown only from 640 px (`wide`: its cells take WIDE_ONLY too), so the columns
 * that matter fit a phone without scrolling.
 */
export type DataTableColumn = string | { label: string; align?: 'right'; srOnly?: boolean; wide?: boolean };

export const WIDE_ONLY = 'hidden sm:table-cell';

/** The admin list table: scrolls sideways on narrow screens; rows are the children (tbody content), footer sits under the table (pagination). */
export function DataTable({ columns, busy, footer, children }: { columns: DataTableColumn[]; busy?: boolean; footer?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white" aria-busy={busy}>
      <table className="min-w-full divide-y divide-gray-200">
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column) => {
              const c = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={c.label} className={[th, c.align === 'right' && 'text-right', c.wide && WIDE_ONLY].filter(Boolean).join(' ')}>
                  {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
      {footer}
    </div>
  );
}
