import { foldForSearch } from '../shared/search-folding.js';
import type { OrderStatus } from './events.js';

/**
 * The words staff type for an order's status, in English and Egyptian Arabic: the code itself,
 * its adjective and the participle the back-office and the tracking page show. Written as a
 * person types them (موكد too: the folding keeps waw with hamza apart); each is folded (foldForSearch) before it is compared, so مؤكد, موكد and
 * مُؤكَّد are one word and "Placed" is "placed".
 */
const WORDS: Readonly<Record<OrderStatus, readonly string[]>> = {
  PLACED: ['placed', 'new', 'جديد', 'جديدة', 'تم الطلب', 'تم استلام الطلب'],
  CONFIRMED: ['confirmed', 'مؤكد', 'مؤكدة', 'موكد', 'موكدة', 'تم التأكيد', 'تأكيد'],
  SHIPPED: ['shipped', 'مشحون', 'مشحونة', 'تم الشحن', 'شحن'],
  DELIVERED: ['delivered', 'تم التوصيل', 'تم التسليم', 'موصل', 'مسلم', 'مستلم'],
  REFUSED: ['refused', 'مرفوض', 'مرفوضة', 'رفض', 'رفض عند التسليم'],
  RETURNED: ['returned', 'مرتجع', 'مرتجعة', 'مرتجع للمخزن', 'تم الإرجاع', 'رجع'],
  CANCELED: ['canceled', 'cancelled', 'ملغي', 'ملغى', 'ملغية', 'ملغاة', 'تم الإلغاء', 'إلغاء'],
};

const BY_FOLDED_WORD: ReadonlyMap<string, OrderStatus> = new Map(
  (Object.entries(WORDS) as [OrderStatus, readonly string[]][]).flatMap(([status, words]) => words.map((w) => [foldForSearch(w), status] as const)),
);

/** The status a search term names (a whole status word, any case or spelling foldForSearch joins), else undefined. */
export function orderStatusNamedBy(term: string): OrderStatus | undefined {
  return BY_FOLDED_WORD.get(foldForSearch(term));
}
