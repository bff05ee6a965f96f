import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PromoCodeEntity } from '#read-models/promo-code.entity.js';
import { promoCodeView } from '../admin/promo-codes/promo-code-view.js';
import type { PromoCodePage } from '../admin/promo-codes/promo-code-response.js';
import { isCategory } from '#domain/shop-config.js';
import { readPage, type Paging } from '../admin/shared/paging.js';

function viewOf(p: PromoCodeEntity) {
  return promoCodeView({
    code: p.code,
    percentOff: p.percentOff,
    active: p.active,
    createdAt: p.createdAt,
    uses: p.uses,
    rules: {
      startsOn: p.startsOn,
      endsOn: p.endsOn,
      usageLimit: p.usageLimit,
      oncePerCustomer: p.oncePerCustomer,
      minimumSubtotal: Number(p.minimumSubtotal),
      category: isCategory(p.category) ? p.category : null,
    },
  });
}

/** The promo codes read model, newest first; deleted codes left out. */
@Injectable()
export class PromoCodeReads {
  constructor(private readonly dataSource: DataSource) {}

  async page(paging: Paging): Promise<PromoCodePage> {
    const qb = this.dataSource.getRepository(PromoCodeEntity).createQueryBuilder('p').where('NOT p.deleted').orderBy('p.createdAt', 'DESC').addOrderBy('p.code', 'DESC');
    const { rows, info } = await readPage(qb, paging);
    return { data: rows.map(viewOf), ...info };
  }
}
