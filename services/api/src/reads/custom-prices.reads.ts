import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { piastresToEgp } from '#domain/shared/money.js';
import { DEFAULT_CUSTOM_PRICES, SIZES, SIZE_LABELS } from '#domain/shop-config.js';
import { CustomPriceEntity } from '#read-models/custom-price.entity.js';
import type { CustomPriceView } from '../catalog/shop-content-response.js';

/** The custom-pricing read model. */
@Injectable()
export class CustomPriceReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Every size, with the admin's price or the shop default when none was set. */
  async all(): Promise<CustomPriceView[]> {
    const rows = await this.dataSource.getRepository(CustomPriceEntity).find();
    const bySize = new Map(rows.map((r) => [r.size, r.price]));
    return SIZES.map((size) => ({ size, label: SIZE_LABELS[size], price: piastresToEgp(bySize.get(size) ?? DEFAULT_CUSTOM_PRICES[size]) }));
  }
}
