import { BadRequestException } from '@nestjs/common';

export interface Paging {
  /** 1-based. */
  page: number;
  size: number;
}

/** page/size (or limit) from a query string; malformed values are a 400, not silently replaced. */
export function parsePaging(query: Record<string, unknown>, defaults: { size: number; max: number }): Paging {
  const num = (v: unknown, name: string, min: number, max: number, fallback: number): number => {
    if (v === undefined || v === '') return fallback;
    const n = typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new BadRequestException(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  return { page: num(query.page, 'page', 1, 1_000_000, 1), size: num(query.size ?? query.limit, 'size', 1, defaults.max, defaults.size) };
}

/** The spec's pagination fields (section 3). */
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
