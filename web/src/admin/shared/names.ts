import { GOVERNORATES, categoryLabel } from '../../../../libs/domain/src/shop-config';
import { ORDER_STATUS_LABELS, isOrderStatus } from '../../../../libs/domain/src/order/events';

/*
 * The back-office shows names, not codes. Codes stay what the API speaks (option values, query
 * parameters, request bodies); these turn them into what a manager reads. A code the shop no
 * longer lists shows as it is rather than as nothing.
 */

const GOVERNORATE_NAMES = new Map(GOVERNORATES.map((g) => [g.code, g.nameEn]));

/** ALEXANDRIA → Alexandria. */
export function governorateName(code: string | null | undefined): string {
  if (!code) return '';
  return GOVERNORATE_NAMES.get(code as (typeof GOVERNORATES)[number]['code']) ?? code;
}

/** CANCELED → Canceled. */
export function statusName(code: string | null | undefined): string {
  if (!code) return '';
  return isOrderStatus(code) ? ORDER_STATUS_LABELS[code] : code;
}

/** FOOTBALL → Football; no category (a shop-wide discount) → All categories. */
export function categoryName(code: string | null | undefined): string {
  return code ? categoryLabel(code) : 'All categories';
}
