import { useId, useRef, type ReactNode } from 'react';
import { useDialogBehaviour } from '../../lib/use-dialog';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

/** A modal dialog: focus moves in on open, Tab stays inside, Escape and the backdrop close it, focus returns on close. */
export function Dialog({ title, onClose, children, wide }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useDialogBehaviour(true, panel, onClose);

  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/40 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`mt-10 w-full rounded-lg bg-white p-5 shadow-xl outline-none ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
      >
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded p-1 text-gray-500 hover:bg-gray-100">
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
