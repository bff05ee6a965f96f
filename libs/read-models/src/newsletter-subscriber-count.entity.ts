import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * How many rows read.newsletter_subscribers holds, kept by the newsletter projection in the same transaction as the rows:
 * the admin list's exact unfiltered total without counting every row on each page.
 */
@Entity({ schema: READ_SCHEMA, name: 'newsletter_subscriber_counts' })
export class NewsletterSubscriberCountEntity {
  /** Always 1: the table has one row. */
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'integer' }) n!: number;
}
