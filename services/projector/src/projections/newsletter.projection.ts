import type { NewsletterSubscribed } from '#domain/content/events.js';
import { NewsletterSubscriberEntity } from '#read-models/newsletter-subscriber.entity.js';
import { NewsletterSubscriberCountEntity } from '#read-models/newsletter-subscriber-count.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { dataOf, occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** Current subscribers; an unsubscribe deletes the row. */
export const newsletterProjection = keyedProjection({
  name: 'newsletter',
  version: 1,
  eventTypes: ['NewsletterSubscribed', 'NewsletterUnsubscribed'],
  table: tableSpec(NewsletterSubscriberEntity),
  count: tableSpec(NewsletterSubscriberCountEntity),
  keyOf: (e) => dataOf<NewsletterSubscribed['data']>(e).subscriberId,
  apply(row, e) {
    const d = dataOf<NewsletterSubscribed['data']>(e);
    if (e.type === 'NewsletterSubscribed') return row ?? { id: d.subscriberId, email: d.email, subscribed_at: occurredAt(e) };
    return null;
  },
});
