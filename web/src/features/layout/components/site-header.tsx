import { useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { setCartOpen, setMenuOpen } from '../../../app/ui-slice';
import { CartIcon, MenuIcon } from '../../../lib/icons';
import { formatNumber } from '../../../lib/numbers';
import { useT } from '../../../lib/i18n';
import { CART_COUNT_KEY, LOCALE_KEY, readStorage, writeStorage } from '../../../lib/storage';
import { useGetCartQuery } from '../../cart/cart-api';
import { useFocusHeadingOnNavigation } from '../use-focus-heading';
import { localizedPath } from '../../../seo/locale-path';

const noSubscription = () => () => undefined;
/** The count the last visit cached; none while hydrating, as the server (which cannot see it) rendered. */
function useCachedCartCount(): number {
  return useSyncExternalStore(noSubscription, () => Number(readStorage(CART_COUNT_KEY) ?? 0) || 0, () => 0);
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-1.5 text-sm font-medium transition ${isActive ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-200'}`;

export function SiteHeader() {
  const t = useT();
  const dispatch = useAppDispatch();
  const locale = useAppSelector((s) => s.ui.locale);
  // The header is on every storefront page, so it carries the storefront's focus rule.
  useFocusHeadingOnNavigation();
  const cart = useGetCartQuery(undefined).data?.cart;
  // Until the cart answers, the count cached by the last visit keeps the badge steady.
  const cachedCount = useCachedCartCount();
  const count = cart ? cart.itemCount : cachedCount;
  const location = useLocation();
  // Each language has its own URLs (/shop, /ar/shop): the switch is a link to the same page's
  // twin, which the server renders in that language; the choice is remembered for the next visit.
  const other = locale === 'ar' ? 'en' : 'ar';
  const twin = localizedPath(location.pathname, other) + location.search;

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-stone-50/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <button
          type="button"
          className="-ms-2 flex h-11 w-11 items-center justify-center rounded-full hover:bg-stone-200 md:hidden"
          aria-label={t('nav.menu')}
          onClick={() => dispatch(setMenuOpen(true))}
          data-testid="menu-button"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
        <Link to="/" className="flex items-center gap-2 font-display text-xl font-bold tracking-tight">
          <span aria-hidden className="inline-block h-7 w-5 rounded-sm bg-brand-500 shadow-[3px_3px_0_#1c1917]" />
          {t('shop.name')}
        </Link>
        <nav aria-label={t('nav.mainLabel')} className="ms-6 hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/shop" className={navClass}>
            {t('nav.shop')}
          </NavLink>
          <NavLink to="/custom" className={navClass}>
            {t('nav.custom')}
          </NavLink>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <a
            href={twin}
            hrefLang={other}
            onClick={() => writeStorage(LOCALE_KEY, other)}
            className="rounded-full px-3 py-2 text-sm font-medium hover:bg-stone-200"
            // The visible word is the name (a voice command says what it sees); what it does is the description.
            title={t('nav.languageLabel')}
            data-testid="language-toggle"
          >
            {/* The word is in the other language; the link's title stays in the page's. */}
            <span lang={other}>{t('nav.language')}</span>
          </a>
          <button
            type="button"
            onClick={() => dispatch(setCartOpen(true))}
            className="relative flex h-11 w-11 items-center justify-center rounded-full hover:bg-stone-200"
            aria-label={t('nav.cart', { count })}
            data-testid="cart-button"
          >
            <CartIcon className="h-6 w-6" />
            {count > 0 && (
              <span
                className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-500 px-1 text-xs font-bold text-stone-950"
                data-testid="cart-badge"
              >
                {formatNumber(count, locale)}
              </span>
            )}
          </button>
        </div>
      </div>
    </header>
  );
}
