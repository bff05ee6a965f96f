import { NotFoundException } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { PosterEntity } from '#read-models/poster.entity.js';
import { posterView } from '../poster-view.js';
import type { PosterView } from '../poster-response.js';

export class GetPublicPosterQuery extends Query<PosterView> {
  constructor(readonly posterId: string) {
    super();
  }
}

/** Hidden and deleted posters are "not found" to shoppers. */
@QueryHandler(GetPublicPosterQuery)
export class GetPublicPosterHandler implements IQueryHandler<GetPublicPosterQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ posterId }: GetPublicPosterQuery): Promise<PosterView> {
    const row = await this.dataSource.getRepository(PosterEntity).findOneBy({ id: posterId, visible: true, deleted: false });
    if (!row) throw new NotFoundException('Poster not found');
    return posterView(row);
  }
}
