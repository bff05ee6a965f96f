import { AnnouncementEntity } from '../announcement.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** The one announcement (row id 1). */
export const announcementProjection = keyedProjection({
  name: 'announcement',
  version: 1,
  eventTypes: ['AnnouncementChanged'],
  table: AnnouncementEntity,
  keyOf: () => 1,
  apply(_row, e) {
    const actor = (e.metadata as { actor?: { id?: string } } | undefined)?.actor?.id ?? null;
    return { id: 1, text: e.data.text, updated_at: occurredAt(e), updated_by: actor };
  },
});
