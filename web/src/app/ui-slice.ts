import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LOCALE_KEY, readStorage } from '../lib/storage';

export type Locale = 'en' | 'ar';
export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
  durationMs: number;
  /** An in-app link under the message (a new order's page). */
  link?: { to: string; label: string };
}

export interface UiState {
  toast: Toast | null;
  locale: Locale;
  cartOpen: boolean;
  /** A page whose main action sits at the bottom of a phone's screen (checkout) keeps toasts at the top. */
  toastsAtTop: boolean;
  menuOpen: boolean;
}

function initialLocale(): Locale {
  return readStorage(LOCALE_KEY) === 'ar' ? 'ar' : 'en';
}

let nextToastId = 1;

const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ toast: null, locale: initialLocale(), cartOpen: false, menuOpen: false, toastsAtTop: false }),
  reducers: {
    // One toast at a time: a new one simply replaces the previous.
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.toast = action.payload;
      },
      prepare(t: { kind?: ToastKind; title: string; message?: string; durationMs?: number; link?: Toast['link'] }) {
        const kind = t.kind ?? 'info';
        return {
          payload: { id: nextToastId++, kind, title: t.title, message: t.message, durationMs: t.durationMs ?? (kind === 'error' ? 4000 : 3000), ...(t.link ? { link: t.link } : {}) },
        };
      },
    },
    dismissToast(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.toast?.id === action.payload) state.toast = null;
    },
    setLocale(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
    setCartOpen(state, action: PayloadAction<boolean>) {
      state.cartOpen = action.payload;
    },
    setMenuOpen(state, action: PayloadAction<boolean>) {
      state.menuOpen = action.payload;
    },
    setToastsAtTop(state, action: PayloadAction<boolean>) {
      state.toastsAtTop = action.payload;
    },
  },
});

export const { showToast, dismissToast, setLocale, setCartOpen, setMenuOpen, setToastsAtTop } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
