import type { AnnouncementChanged } from '#domain/content/events.js';
import { AnnouncementEntity } from '#read-models/announcement.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** The one announcement (row id 1). */
export const announcementProjection = keyedProjection({
  name: 'announcement',
  version: 1,
  eventTypes: ['AnnouncementChanged'],
  table: tableSpec(AnnouncementEntity),
  keyOf: () => 1,
  apply(_row, e) {
    const actor = (e.metadata as { actor?: { id?: string } } | undefined)?.actor?.id ?? null;
    return { id: 1, text: dataOf<AnnouncementChanged['data']>(e).text, updated_at: occurredAt(e), updated_by: actor };
  },
});
