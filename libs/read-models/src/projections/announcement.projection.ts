import { AnnouncementEntity } from '../announcement.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/**
 * The one announcement (row id 1). Version 2 keeps the Arabic text (an announcement written in
 * Arabic before there were two languages reads as Arabic).
 */
export const announcementProjection = keyedProjection({
  name: 'announcement',
  version: 2,
  eventTypes: ['AnnouncementChanged'],
  table: AnnouncementEntity,
  keyOf: () => 1,
  apply(_row, e) {
    const actor = (e.metadata as { actor?: { id?: string } } | undefined)?.actor?.id ?? null;
    return { id: 1, text: e.data.text, text_ar: e.data.textAr ?? '', updated_at: occurredAt(e), updated_by: actor };
  },
});
