import { ORDER_STATUSES } from './events.js';
import { orderStatusNamedBy } from './status-words.js';

describe('orderStatusNamedBy', () => {
  it.each([
    ['placed', 'PLACED'],
    ['PLACED', 'PLACED'],
    ['  Placed ', 'PLACED'],
    ['جديد', 'PLACED'],
    ['تم استلام الطلب', 'PLACED'],
    ['confirmed', 'CONFIRMED'],
    ['مؤكد', 'CONFIRMED'],
    ['موكد', 'CONFIRMED'],
    ['مُؤَكَّد', 'CONFIRMED'],
    ['مؤكدة', 'CONFIRMED'],
    ['مؤكده', 'CONFIRMED'],
    ['تم التأكيد', 'CONFIRMED'],
    ['shipped', 'SHIPPED'],
    ['تم الشحن', 'SHIPPED'],
    ['مشحونه', 'SHIPPED'],
    ['delivered', 'DELIVERED'],
    ['تم التوصيل', 'DELIVERED'],
    ['refused', 'REFUSED'],
    ['مرفوض', 'REFUSED'],
    ['canceled', 'CANCELED'],
    ['cancelled', 'CANCELED'],
    ['ملغى', 'CANCELED'],
    ['ملغي', 'CANCELED'],
    ['الغاء', 'CANCELED'],
  ])('%s names %s', (word, status) => {
    expect(orderStatusNamedBy(word)).toBe(status);
  });

  it.each([['plac'], ['مؤك'], ['Mona'], ['01012345678'], ['PS-00004242'], [''], ['placed orders']])('%s names no status', (term) => {
    expect(orderStatusNamedBy(term)).toBeUndefined();
  });

  it('every status has a word in each language', () => {
    for (const status of ORDER_STATUSES) {
      expect(orderStatusNamedBy(status.toLowerCase())).toBe(status);
    }
    const arabic = ['جديد', 'مؤكد', 'مشحون', 'تم التوصيل', 'مرفوض', 'مرتجع', 'ملغي'].map(orderStatusNamedBy);
    expect(new Set(arabic)).toEqual(new Set(ORDER_STATUSES));
  });
});
