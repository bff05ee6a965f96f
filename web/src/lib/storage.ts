// Browser storage keys shared by the storefront and the back-office. localStorage can throw
// (private mode, quota), and a shop that cannot remember its cart must still work.
export const AUTH_TOKEN_KEY = 'auth-token';
export const CART_ID_KEY = 'cart-id';
export const CART_COUNT_KEY = 'cart-count';
export const LOCALE_KEY = 'locale';
export const SOCIAL_POPUP_KEY = 'social-popup-seen';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: keep going without it */
  }
}
