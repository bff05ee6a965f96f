import { NewsletterSubscriberEntity } from '../newsletter-subscriber.entity.js';
import { NewsletterSubscriberCountEntity } from '../newsletter-subscriber-count.entity.js';
import { erasedSubjects } from '#domain/personal-data/events.js';
import { tableSpec } from '../table-spec.js';
import { occurredAt } from './event-time.js';
import { addToRowCount } from './row-count.js';
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
  // An erased address is no longer anyone's to write to: its row goes, as an unsubscribe's does.
  async erase(e, ctx) {
    const gone = await ctx.sql(`DELETE FROM ${ctx.table(SUBSCRIBERS_TABLE.name)} WHERE id = ANY($1::text[]) RETURNING id`, [erasedSubjects(e.data)]);
    if (gone.length > 0) await addToRowCount(ctx, COUNT_TABLE, -gone.length);
  },
});

const [SUBSCRIBERS_TABLE, COUNT_TABLE] = [NewsletterSubscriberEntity, NewsletterSubscriberCountEntity].map(tableSpec);
