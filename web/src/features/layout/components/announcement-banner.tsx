import { useGetAnnouncementQuery } from '../../catalog/catalog-api';
import { useT } from '../../../lib/i18n';

export function AnnouncementBanner() {
  const t = useT();
  const { data } = useGetAnnouncementQuery();
  const text = data?.text?.trim() || t('banner.fallback');
  return (
    <div className="overflow-hidden bg-ink py-2 text-sm text-amber-100" role="region" aria-label="Announcement">
      <p className="animate-marquee whitespace-nowrap" data-testid="announcement">
        {text}
      </p>
    </div>
  );
}
