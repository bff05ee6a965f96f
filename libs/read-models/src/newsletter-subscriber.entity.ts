import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Current subscribers; an unsubscribe removes the row. */
@Entity({ schema: READ_SCHEMA, name: 'newsletter_subscribers' })
@Index('newsletter_subscribers_email_idx', ['email'])
export class NewsletterSubscriberEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text' }) email!: string;
  @Column({ type: 'timestamptz', name: 'subscribed_at' }) subscribedAt!: Date;
}
