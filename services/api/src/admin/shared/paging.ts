import { BadRequestException } from '@nestjs/common';
import type { DataSource, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { foldForSearch } from '#domain/shared/search-folding.js';
import { likePattern } from '../../catalog/poster-view.js';
import { decimalInteger } from '../../common/strict-integer.js';
import { MAX_PAGE_SIZE } from '#domain/shared/page-size.js';

export interface Paging {
  /** 1-based. */
  page: number;
  size: number;
}

function wholeNumber(v: unknown, name: string, min: number, max: number, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = decimalInteger(v);
  if (n === undefined || n < min || n > max) throw new BadRequestException(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/**
 * How many rows a back-office list answers at once, under the query field `name`: at most
 * MAX_PAGE_SIZE, and anything above or malformed is a 400 naming the field, never silently replaced.
 */
export function parsePageSize(value: unknown, name: string, fallback: number): number {
  return wholeNumber(value, name, 1, MAX_PAGE_SIZE, fallback);
}

/** page/size (or limit) from a query string, for every paged back-office list. */
export function parsePaging(query: Record<string, unknown>, defaultSize: number): Paging {
  return { page: wholeNumber(query.page, 'page', 1, 1_000_000, 1), size: parsePageSize(query.size ?? query.limit, 'size', defaultSize) };
}

/** The search box's text: trimmed, at most `max` characters; a non-string is a 400. */
export function parseSearch(query: Record<string, unknown>, max = 200): string | undefined {
  const raw = query.search;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > max) throw new BadRequestException(`search must be text of at most ${max} characters`);
  return raw.trim() || undefined;
}

/**
 * The LIKE pattern of a search over a column the projector folded with foldForSearch (posters',
 * orders' and customers' search_text) or one folding leaves alone (newsletter addresses, lower
 * case): the term folded the same way, so Arabic spellings and digit systems find each other,
 * under the column's trigram index.
 */
export function foldedLikePattern(term: string): string {
  return likePattern(foldForSearch(term));
}

/** The page fields every paged list answers, beside its rows. */
export function pageInfo(paging: Paging, totalItems: number) {
  const totalPages = Math.max(1, Math.ceil(totalItems / paging.size));
  return {
    currentPage: paging.page,
    totalPages,
    totalItems,
    itemsPerPage: paging.size,
    hasNextPage: paging.page < totalPages,
    hasPreviousPage: paging.page > 1,
  };
}

type OrderBys = SelectQueryBuilder<ObjectLiteral>['expressionMap']['orderBys'];

function reversed(orderBys: OrderBys): OrderBys {
  const flip = (o: 'ASC' | 'DESC') => (o === 'ASC' ? 'DESC' : 'ASC');
  return Object.fromEntries(
    Object.entries(orderBys).map(([key, o]) => [
      key,
      typeof o === 'string'
        ? flip(o)
        : { order: flip(o.order), nulls: o.nulls === 'NULLS FIRST' ? 'NULLS LAST' : o.nulls === 'NULLS LAST' ? 'NULLS FIRST' : undefined },
    ]),
  ) as OrderBys;
}

/**
 * One page of a filtered, totally ordered query (its ORDER BY must end in a unique key) and the
 * exact count of its rows (`knownTotal` when the caller has it without counting, see
 * maintainedCount). A page past the middle is read from the far end, with the order reversed
 * and the small OFFSET counted from there, so the last page costs what the first does and no
 * page pays an OFFSET above half the list.
 */
export async function readPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, paging: Paging, knownTotal?: number) {
  const totalItems = knownTotal ?? (await qb.clone().orderBy().select('count(*)::int', 'n').getRawOne<{ n: number }>())?.n ?? 0;
  const start = (paging.page - 1) * paging.size;
  let rows: T[] = [];
  if (start < totalItems) {
    const take = Math.min(paging.size, totalItems - start);
    const fromEnd = totalItems - start - take;
    rows =
      fromEnd < start
        ? (await qb.clone().orderBy(reversed(qb.expressionMap.orderBys)).offset(fromEnd).limit(take).getMany()).reverse()
        : await qb.clone().offset(start).limit(take).getMany();
  }
  return { rows, info: pageInfo(paging, totalItems) };
}

/**
 * The row count a projection keeps beside a table (read.order_counts and the like, one row):
 * an unfiltered list's exact total without counting every row on each page.
 */
export async function maintainedCount(dataSource: DataSource, counts: EntityTarget<{ id: number; n: number }>): Promise<number> {
  return (await dataSource.getRepository(counts).findOneBy({ id: 1 }))?.n ?? 0;
}
