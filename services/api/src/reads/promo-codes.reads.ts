import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PromoCodeEntity } from '#read-models/promo-code.entity.js';
import { promoCodeView } from '../admin/promo-codes/promo-code-view.js';
import type { PromoCodePage } from '../admin/promo-codes/promo-code-response.js';
import { readPage, type Paging } from '../admin/shared/paging.js';

/** The promo codes read model, newest first. */
@Injectable()
export class PromoCodeReads {
  constructor(private readonly dataSource: DataSource) {}

  async page(paging: Paging): Promise<PromoCodePage> {
    const qb = this.dataSource.getRepository(PromoCodeEntity).createQueryBuilder('p').orderBy('p.createdAt', 'DESC').addOrderBy('p.code', 'DESC');
    const { rows, info } = await readPage(qb, paging);
    return { data: rows.map(promoCodeView), ...info };
  }
}
