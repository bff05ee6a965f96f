import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { piastresToEgp } from '#domain/shared/money.js';
import { ProductEntity } from '#read-models/product.entity.js';
import type { AddOnPage } from '../admin/products/product-response.js';
import { readPage, type Paging } from '../admin/shared/paging.js';
import type { AddOnView } from '../catalog/shop-content-response.js';

/** The add-on products read model (deleted ones never listed). */
@Injectable()
export class ProductReads {
  constructor(private readonly dataSource: DataSource) {}

  /** The shop's add-ons, oldest first. */
  async onSale(): Promise<AddOnView[]> {
    const rows = await this.dataSource.getRepository(ProductEntity).find({ where: { deleted: false }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((p) => ({ id: p.id, name: p.name, description: p.description, nameAr: p.nameAr, descriptionAr: p.descriptionAr, price: piastresToEgp(p.price), imageUrl: p.imageUrl }));
  }

  /** The back-office list, newest first. */
  async page(paging: Paging): Promise<AddOnPage> {
    const qb = this.dataSource.getRepository(ProductEntity).createQueryBuilder('p').where('p.deleted = false').orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'DESC');
    const { rows, info } = await readPage(qb, paging);
    const data = rows.map((p) => ({
      id: p.id, name: p.name, description: p.description, nameAr: p.nameAr, descriptionAr: p.descriptionAr, price: piastresToEgp(p.price), imageUrl: p.imageUrl, createdAt: p.createdAt,
    }));
    return { data, ...info };
  }
}
