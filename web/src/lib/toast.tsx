import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/store';
import { dismissToast, setToastsAtTop, showToast, type ToastKind } from '../app/ui-slice';
import { useT } from './i18n';
import { MarkedText } from './ltr';
import { navigateTo } from './navigation';

/** `const toast = useToast(); toast.success('Saved')` — one toast at a time, the newest wins. */
export function useToast() {
  const dispatch = useAppDispatch();
  const show = (kind: ToastKind) => (title: string, message?: string, durationMs?: number, link?: { to: string; label: string }) =>
    dispatch(showToast({ kind, title, message, durationMs, link }));
  return { success: show('success'), error: show('error'), info: show('info') };
}

/** For the page's lifetime, toasts show at the top: its main action sits where they would. */
export function useToastsAtTop() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setToastsAtTop(true));
    return () => {
      dispatch(setToastsAtTop(false));
    };
  }, [dispatch]);
}

const tone: Record<ToastKind, string> = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  error: 'border-rose-600 bg-rose-50 text-rose-950',
  info: 'border-stone-700 bg-white text-stone-900',
};

/**
 * The toast of the moment. With the cart drawer open it shows inside the drawer, in the flow
 * between its title bar and the free-shipping bar (DrawerToast): laid over the drawer it would
 * hide either the Checkout button (at the bottom) or the free-shipping bar (at the top).
 */
export function Toaster() {
  const toast = useAppSelector((s) => s.ui.toast);
  const cartOpen = useAppSelector((s) => s.ui.cartOpen);
  // A page whose main action sits at the bottom (checkout's Place Order) asks for the top.
  const atTop = useAppSelector((s) => s.ui.toastsAtTop);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, dispatch]);
  return (
    <div aria-live="polite" className={`pointer-events-none fixed inset-x-0 z-[100] flex justify-center px-4 ${atTop ? 'top-20' : 'bottom-4'}`} data-placement={atTop ? 'top' : 'bottom'}>
      {toast && !cartOpen && <ToastCard />}
    </div>
  );
}

/** The toast's place inside the open cart drawer: it pushes the drawer's content down rather than covering it. */
export function DrawerToast() {
  const toast = useAppSelector((s) => s.ui.toast);
  return (
    <div aria-live="polite" className="px-5 empty:hidden" data-testid="drawer-toast">
      {toast && <ToastCard className="mt-3" />}
    </div>
  );
}

function ToastCard({ className = '' }: { className?: string }) {
  const t = useT();
  const toast = useAppSelector((s) => s.ui.toast);
  const dispatch = useAppDispatch();
  if (!toast) return null;
  return (
    <div
      key={toast.id}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-s-4 px-4 py-3 shadow-lg ${tone[toast.kind]} ${className}`.trimEnd()}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <MarkedText text={toast.title} />
        </p>
        {toast.message && (
          <p className="mt-0.5 text-sm break-words">
            <MarkedText text={toast.message} />
          </p>
        )}
        {toast.link && (
          // The toaster sits outside the router: the app's navigate keeps it a single-page move.
          <a
            href={toast.link.to}
            className="mt-1 inline-block text-sm font-medium underline"
            onClick={(e) => {
              e.preventDefault();
              navigateTo(toast.link!.to);
              dispatch(dismissToast(toast.id));
            }}
          >
            {toast.link.label}
          </a>
        )}
      </div>
      <button
        type="button"
        onClick={() => dispatch(dismissToast(toast.id))}
        className="rounded p-1 text-lg leading-none opacity-60 hover:opacity-100"
        aria-label={t('a11y.dismiss')}
      >
        ×
      </button>
    </div>
  );
}
