import { NewsletterSubscriberEntity } from '../newsletter-subscriber.entity.js';
import { NewsletterSubscriberCountEntity } from '../newsletter-subscriber-count.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** Current subscribers; an unsubscribe deletes the row. */
export const newsletterProjection = keyedProjection({
  name: 'newsletter',
  version: 1,
  eventTypes: ['NewsletterSubscribed', 'NewsletterUnsubscribed'],
  table: NewsletterSubscriberEntity,
  count: NewsletterSubscriberCountEntity,
  keyOf: (e) => e.data.subscriberId,
  apply(row, e) {
    if (e.type === 'NewsletterSubscribed') return row ?? { id: e.data.subscriberId, email: e.data.email, subscribed_at: occurredAt(e) };
    return null;
  },
});
