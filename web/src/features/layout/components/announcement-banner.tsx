import { useGetAnnouncementQuery } from '../../catalog/catalog-api';
import { catalogueText } from '../../../lib/catalogue-text';
import { useLocale, useT } from '../../../lib/i18n';

export function AnnouncementBanner() {
  const t = useT();
  // The announcement has one wording, the admin's: on a page in the other language it is marked with
  // its own, and the bar takes the text's direction so it scrolls the way the text reads.
  const text = catalogueText(useLocale(), useGetAnnouncementQuery().data?.text?.trim() || t('banner.fallback'), undefined);
  return (
    <div className="overflow-hidden bg-ink py-2 text-sm text-amber-100" role="region" aria-label={t('banner.label')} dir="auto">
      <p className="animate-marquee" lang={text.lang} data-testid="announcement">
        {text.text}
      </p>
    </div>
  );
}
