import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { ProjectionName } from '#read-models/projection-names.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';

/**
 * A back-office list route: the projection it reads (for X-Wait-For-Position), the page and size
 * every list takes, the search it offers (if any, described by what it searches) and its page type.
 */
export function PagedList(projection: ProjectionName, page: Type<unknown>, search?: string) {
  return applyDecorators(
    ReadsProjections(projection),
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'size', required: false, type: Number }),
    ...(search ? [ApiQuery({ name: 'search', required: false, description: search })] : []),
    ApiOkResponse({ type: page }),
  );
}
