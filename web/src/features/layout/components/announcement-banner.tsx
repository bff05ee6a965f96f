import { useGetAnnouncementQuery } from '../../catalog/catalog-api';
import { catalogueText } from '../../../lib/catalogue-text';
import { useLocale, useT } from '../../../lib/i18n';
import { MarkedText } from '../../../lib/ltr';

export function AnnouncementBanner() {
  const t = useT();
  // The page's language, else the other's (marked with its own), else the shop's own line; the bar
  // takes the text's direction so it scrolls the way the text reads.
  const data = useGetAnnouncementQuery().data;
  const admin = catalogueText(useLocale(), data?.text?.trim(), data?.textAr?.trim());
  const text = admin.text ? admin : { text: t('banner.fallback'), lang: undefined };
  return (
    <div className="overflow-hidden bg-ink py-2 text-sm text-amber-100" role="region" aria-label={t('banner.label')} dir="auto">
      <p className="animate-marquee" lang={text.lang} data-testid="announcement">
        {text.lang ? text.text : <MarkedText text={text.text} />}
      </p>
    </div>
  );
}
