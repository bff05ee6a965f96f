import type { ReactNode } from 'react';
import { th } from './styles';

/** A header: its text, optionally right-aligned (amounts) or read only by screen readers (action columns). */
export type DataTableColumn = string | { label: string; align?: 'right'; srOnly?: boolean };

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
                <th key={c.label} className={c.align === 'right' ? `${th} text-right` : th}>
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
