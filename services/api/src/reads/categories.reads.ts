import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CATEGORIES } from '#domain/shop-config.js';
import { CategoryEntity } from '#read-models/category.entity.js';

/** The categories read model. */
@Injectable()
export class CategoryReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Categories that have at least one poster on sale, in the shop's fixed order. */
  async withPosters(): Promise<string[]> {
    const rows = await this.dataSource.getRepository(CategoryEntity).find();
    const withPosters = new Set(rows.filter((r) => r.posterCount > 0).map((r) => r.name));
    const order = CATEGORIES as readonly string[];
    return [...withPosters].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
  }
}
