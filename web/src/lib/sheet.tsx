import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { useDialogBehaviour } from './use-dialog';

/** Where the panel sits: against the start or end edge (menu, cart), or a card centred on wide screens and at the bottom on phones. */
type SheetSide = 'start' | 'end' | 'centre';

const OVERLAY: Record<SheetSide, string> = {
  start: 'fixed inset-0 z-50',
  end: 'fixed inset-0 z-50',
  centre: 'fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center',
};
const PANEL: Record<SheetSide, string> = {
  start: 'absolute inset-y-0 start-0 flex flex-col bg-white',
  end: 'absolute inset-y-0 end-0 flex flex-col bg-white',
  centre: 'relative bg-white',
};

type SheetLabel = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

type SheetProps = SheetLabel & {
  side: SheetSide;
  onClose: () => void;
  /** The panel's size and look, added to its placement. */
  className: string;
  /** Added to the overlay, e.g. to hide it on wide screens. */
  overlayClassName?: string;
  backdrop?: 'light' | 'dark';
  testId: string;
  children: ReactNode;
};

/**
 * A storefront overlay (cart drawer, side menu, popup), rendered only while open: a backdrop
 * that closes it on click, and a modal dialog panel that takes the focus on mount, keeps Tab
 * inside, closes on Escape and gives the focus back to the opener when it unmounts.
 */
export function Sheet({ side, onClose, className, overlayClassName, backdrop = 'light', testId, children, ...name }: SheetProps) {
  const panel = useRef<HTMLDivElement>(null);
  useDialogBehaviour(true, panel, onClose);
  return (
    <div className={overlayClassName ? `${OVERLAY[side]} ${overlayClassName}` : OVERLAY[side]}>
      <div className={`absolute inset-0 ${backdrop === 'dark' ? 'bg-black/50' : 'bg-black/40'}`} onClick={onClose} aria-hidden />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={name.labelledBy}
        aria-label={name.label}
        className={`${PANEL[side]} ${className}`}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}

/** The round close button of a sheet; `compact` for a small card, `className` to place it. */
export function SheetCloseButton({ label, onClose, compact = false, className = '' }: { label: string; onClose: () => void; compact?: boolean; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={label}
      className={`flex items-center justify-center rounded-full hover:bg-stone-100 ${compact ? 'h-10 w-10' : 'h-11 w-11'} ${className}`.trimEnd()}
    >
      <CloseIcon className={compact ? 'h-5 w-5' : 'h-6 w-6'} />
    </button>
  );
}
