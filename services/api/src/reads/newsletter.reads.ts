import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NewsletterSubscriberCountEntity } from '#read-models/newsletter-subscriber-count.entity.js';
import { NewsletterSubscriberEntity } from '#read-models/newsletter-subscriber.entity.js';
import type { SubscriberPage, SubscriberView } from '../admin/content/content-response.js';
import { foldedLikePattern, maintainedCount, readPage, type Paging } from '../admin/shared/paging.js';

const EXPORT_BATCH = 1000;

function view(s: NewsletterSubscriberEntity): SubscriberView {
  return { id: s.id, email: s.email, subscribedAt: s.subscribedAt, createdAt: s.subscribedAt };
}

/** The newsletter subscribers read model. */
@Injectable()
export class NewsletterReads {
  constructor(private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(NewsletterSubscriberEntity);
  }

  /**
   * Newest first; search in the e-mail address. Addresses are stored lower case and Latin; the
   * typed term is folded as every admin search is (foldForSearch), so digits typed on an Arabic
   * keyboard and pasted direction marks still find them.
   */
  async page(paging: Paging, search: string | undefined): Promise<SubscriberPage> {
    const subscriberCount = await maintainedCount(this.dataSource, NewsletterSubscriberCountEntity);
    const qb = this.repo.createQueryBuilder('s');
    // The expression of newsletter_subscribers_search_trgm_idx.
    if (search) qb.where('lower(s.email) LIKE :like', { like: foldedLikePattern(search) });
    const { rows, info } = await readPage(qb.orderBy('s.subscribedAt', 'DESC').addOrderBy('s.id', 'DESC'), paging, search ? undefined : subscriberCount);
    return { data: rows.map(view), subscriberCount, ...info };
  }

  /** A listed subscriber; 404 when not listed. */
  async byId(id: string): Promise<SubscriberView> {
    const row = await this.repo.findOneBy({ id: id.slice(0, 64) });
    if (!row) throw new NotFoundException('Subscriber not found');
    return view(row);
  }

  /** Every subscriber, oldest first, in batches (for the CSV export). */
  async *batches(): AsyncGenerator<Array<{ email: string; subscribedAt: Date }>> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await this.repo.find({ order: { subscribedAt: 'ASC', id: 'ASC' }, skip: offset, take: EXPORT_BATCH });
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < EXPORT_BATCH) return;
    }
  }
}
