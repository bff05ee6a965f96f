import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

@Entity({ schema: READ_SCHEMA, name: 'gallery_images' })
export class GalleryImageEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'image_url' }) imageUrl!: string;
  /** The default (English) caption and the Arabic one; '' where there is none. */
  @Column({ type: 'text' }) caption!: string;
  @Column({ type: 'text', name: 'caption_ar' }) captionAr!: string;
  @Column({ type: 'timestamptz', name: 'added_at' }) addedAt!: Date;
}
