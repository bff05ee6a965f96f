import { useEffect, useState } from 'react';
import { useCategoryLabel } from '../../catalog/use-category-label';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { setMenuOpen } from '../../../app/ui-slice';
import { ChevronIcon } from '../../../lib/icons';
import { useT } from '../../../lib/i18n';
import { useGetCategoriesQuery } from '../../catalog/catalog-api';
import { SocialLinks } from './social-links';
import { Sheet, SheetCloseButton } from '../../../lib/sheet';

export function SideMenu() {
  const t = useT();
  const categoryName = useCategoryLabel();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.menuOpen);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const close = () => dispatch(setMenuOpen(false));
  const { data: categories, isError, isLoading } = useGetCategoriesQuery(undefined, { skip: !categoriesOpen });
  useEffect(() => {
    if (!open) setCategoriesOpen(false);
  }, [open]);
  if (!open) return null;
  const link = 'block rounded-lg px-3 py-3 text-lg font-medium hover:bg-stone-100';
  return (
    <Sheet
      side="start"
      onClose={close}
      label={t('nav.menu')}
      overlayClassName="md:hidden"
      className="w-[85%] max-w-xs overflow-y-auto p-4 shadow-xl"
      testId="side-menu"
    >
      <div className="mb-4 flex items-center justify-between">
        <span className="font-display text-xl font-bold">{t('shop.name')}</span>
        <SheetCloseButton label={t('nav.closeMenu')} onClose={close} />
      </div>
      <nav aria-label={t('nav.mobileLabel')}>
        <Link to="/" className={link} onClick={close}>{t('nav.home')}</Link>
        <Link to="/shop" className={link} onClick={close}>{t('nav.shop')}</Link>
        <Link to="/custom" className={link} onClick={close}>{t('nav.custom')}</Link>
        <button
          type="button"
          className={`${link} flex w-full items-center justify-between text-start`}
          aria-expanded={categoriesOpen}
          aria-controls="menu-categories"
          onClick={() => setCategoriesOpen((v) => !v)}
        >
          {t('nav.categories')}
          <ChevronIcon className={`h-5 w-5 transition ${categoriesOpen ? 'rotate-180' : ''}`} />
        </button>
        {categoriesOpen && (
          <ul id="menu-categories" className="ms-3 border-s border-stone-200 ps-2">
            {isLoading && <li className="px-3 py-2 text-stone-500">{t('common.loading')}</li>}
            {isError && <li className="px-3 py-2 text-rose-700">{t('shop.categoriesFailed')}</li>}
            {categories && categories.length === 0 && <li className="px-3 py-2 text-stone-500">{t('shop.noCategories')}</li>}
            {categories?.map((c) => (
              <li key={c}>
                <Link to={`/shop?category=${encodeURIComponent(c)}`} onClick={close} className="block rounded px-3 py-2 hover:bg-stone-100">
                  {categoryName(c)}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/about" className={link} onClick={close}>{t('nav.about')}</Link>
        <Link to="/contact" className={link} onClick={close}>{t('nav.contact')}</Link>
      </nav>
      <div className="mt-auto pt-6">
        <p className="mb-2 text-sm font-medium text-stone-500">{t('nav.follow')}</p>
        <SocialLinks />
      </div>
    </Sheet>
  );
}
