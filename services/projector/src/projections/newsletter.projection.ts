import type { NewsletterSubscribed } from '#domain/content/events.js';
import type { TableSpec } from '../runner/bulk-sql.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

export const NEWSLETTER_TABLE: TableSpec = {
  name: 'newsletter_subscribers',
  key: ['id'],
  columns: { id: 'text', email: 'text', subscribed_at: 'timestamptz' },
};

/** Current subscribers; an unsubscribe deletes the row. */
export const newsletterProjection = keyedProjection({
  name: 'newsletter',
  version: 1,
  eventTypes: ['NewsletterSubscribed', 'NewsletterUnsubscribed'],
  table: NEWSLETTER_TABLE,
  keyOf: (e) => dataOf<NewsletterSubscribed['data']>(e).subscriberId,
  apply(row, e) {
    const d = dataOf<NewsletterSubscribed['data']>(e);
    if (e.type === 'NewsletterSubscribed') return row ?? { id: d.subscriberId, email: d.email, subscribed_at: occurredAt(e) };
    return null;
  },
});
