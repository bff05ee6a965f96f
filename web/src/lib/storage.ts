// Browser storage keys shared by the storefront and the back-office. Storage can throw (private
// mode, quota, no window while rendering on the server), and a shop that cannot remember its
// cart must still work. 'session' storage lives as long as the tab: reloads and back/forward keep
// it, closing the tab forgets it.
export const AUTH_TOKEN_KEY = 'auth-token';
export const CART_ID_KEY = 'cart-id';
export const CART_COUNT_KEY = 'cart-count';
export const LOCALE_KEY = 'locale';
export const SOCIAL_POPUP_KEY = 'social-popup-seen';
/** That this browser subscribed to the newsletter (a flag, never the address). */
export const NEWSLETTER_KEY = 'newsletter-subscribed';
/** Session: what the shopper typed in checkout (an address is not kept past the tab, nor put in the URL). */
export const CHECKOUT_FORM_KEY = 'checkout-form';

type Area = 'local' | 'session';
const area = (which: Area) => (which === 'session' ? window.sessionStorage : window.localStorage);

export function readStorage(key: string, which: Area = 'local'): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, which: Area = 'local'): void {
  try {
    if (value === null) area(which).removeItem(key);
    else area(which).setItem(key, value);
  } catch {
    /* storage unavailable: keep going without it */
  }
}
