import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * Modal behaviour for dialogs, drawers and overlays: Escape closes, focus moves in on open and
 * returns to the opener on close, Tab stays inside, and the page behind does not scroll.
 * A panel that is itself focusable (tabIndex -1) takes the focus, so a screen reader announces
 * the dialog's title; otherwise its first control does.
 */
export function useDialogBehaviour(open: boolean, panel: RefObject<HTMLElement | null>, onClose: () => void): void {
  // The latest onClose, without re-running the open/close effect when a parent re-renders.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const el = panel.current;
    const focusables = () => (el ? Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)) : []);
    (el?.tabIndex === -1 && el.hasAttribute('tabindex') ? el : (focusables()[0] ?? el))?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key !== 'Tab') return;
      const f = focusables();
      if (!f.length) return;
      const first = f[0];
      const last = f[f.length - 1];
      if (e.shiftKey && (document.activeElement === first || document.activeElement === el)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open, panel]);
}
