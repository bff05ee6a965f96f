import { Link } from 'react-router';
import { useLocale, useT } from '../../../lib/i18n';
import { formatPlainNumber, localPhone } from '../../../lib/numbers';
import { SHOP } from '../../../lib/shop-info';
import { Ltr } from '../../../lib/ltr';
import { NewsletterForm } from './newsletter-form';
import { SocialLinks } from './social-links';

export function SiteFooter() {
  const t = useT();
  const locale = useLocale();
  const link = 'text-stone-300 hover:text-white';
  return (
    <footer className="mt-16 bg-ink text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-2xl font-bold text-white">{t('shop.name')}</p>
          <p className="mt-2 max-w-sm text-stone-400">{t('footer.tagline')}</p>
          <SocialLinks className="mt-4 text-white" />
        </div>
        <nav aria-label={t('footer.policies')}>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-stone-400">{t('footer.policies')}</h2>
          <ul className="space-y-2">
            <li><Link className={link} to="/refund-policy">{t('footer.refund')}</Link></li>
            <li><Link className={link} to="/privacy-policy">{t('footer.privacy')}</Link></li>
            <li><Link className={link} to="/terms">{t('footer.terms')}</Link></li>
            <li><Link className={link} to="/shipping-policy">{t('footer.shipping')}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-stone-400">{t('nav.contact')}</h2>
          <ul className="space-y-2">
            <li><Link className={link} to="/track">{t('track.title')}</Link></li>
            <li><Link className={link} to="/about">{t('nav.about')}</Link></li>
            <li><Link className={link} to="/contact">{t('nav.contact')}</Link></li>
            <li><a className={link} href={`mailto:${SHOP.email}`}><Ltr lang="en">{SHOP.email}</Ltr></a></li>
            <li><a className={link} href={`tel:${SHOP.phone.replace(/\s/g, '')}`}><Ltr>{localPhone(SHOP.phone, locale)}</Ltr></a></li>
          </ul>
        </div>
        <NewsletterForm />
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm text-stone-400">
        © <bdi>{formatPlainNumber(new Date().getFullYear(), locale)}</bdi> {t('shop.name')}. {t('footer.rights')}
      </p>
    </footer>
  );
}
