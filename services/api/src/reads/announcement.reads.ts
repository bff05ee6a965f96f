import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnnouncementEntity } from '#read-models/announcement.entity.js';
import type { AdminAnnouncementView } from '../admin/content/content-response.js';
import type { AnnouncementView } from '../catalog/shop-content-response.js';

/** The announcement read model (one row). */
@Injectable()
export class AnnouncementReads {
  constructor(private readonly dataSource: DataSource) {}

  /** The shop's banner, each language null when blank. */
  async banner(): Promise<AnnouncementView> {
    const [row] = await this.dataSource.getRepository(AnnouncementEntity).find({ order: { updatedAt: 'DESC' }, take: 1 });
    return { text: row?.text ? row.text : null, textAr: row?.textAr ? row.textAr : null };
  }

  /** The back-office's view: the text and who changed it when. */
  async forAdmin(): Promise<AdminAnnouncementView> {
    const row = await this.dataSource.getRepository(AnnouncementEntity).findOneBy({ id: 1 });
    return { text: row?.text ?? '', textAr: row?.textAr ?? '', updatedAt: row?.updatedAt ?? null, updatedBy: row?.updatedBy ?? null };
  }
}
