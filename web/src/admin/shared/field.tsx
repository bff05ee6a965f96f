import type { ReactNode } from 'react';
import { label as labelClass } from './styles';

/** A form control under its label; `id` is the control's, so the label names it. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}
