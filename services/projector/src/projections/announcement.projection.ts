import type { AnnouncementChanged } from '#domain/content/events.js';
import type { TableSpec } from '../runner/bulk-sql.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const ANNOUNCEMENTS_TABLE: TableSpec = {
  name: 'announcements',
  key: ['id'],
  columns: { id: 'integer', text: 'text', updated_at: 'timestamptz', updated_by: 'text' },
};

/** The one announcement (row id 1). */
export const announcementProjection = keyedProjection({
  name: 'announcement',
  version: 1,
  eventTypes: ['AnnouncementChanged'],
  table: ANNOUNCEMENTS_TABLE,
  keyOf: () => 1,
  apply(_row, e) {
    const actor = (e.metadata as { actor?: { id?: string } } | undefined)?.actor?.id ?? null;
    return { id: 1, text: dataOf<AnnouncementChanged['data']>(e).text, updated_at: occurredAt(e), updated_by: actor };
  },
});
