import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GalleryImageEntity } from '#read-models/gallery-image.entity.js';
import type { GalleryImageView } from '../catalog/shop-content-response.js';

/** The gallery read model, newest first. */
@Injectable()
export class GalleryReads {
  constructor(private readonly dataSource: DataSource) {}

  async images(): Promise<GalleryImageView[]> {
    const rows = await this.dataSource.getRepository(GalleryImageEntity).find({ order: { addedAt: 'DESC', id: 'ASC' } });
    return rows.map((g) => ({ id: g.id, imageUrl: g.imageUrl, caption: g.caption, captionAr: g.captionAr }));
  }
}
