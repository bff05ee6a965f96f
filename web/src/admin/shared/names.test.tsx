import { describe, expect, it } from 'vitest';
import { CATEGORIES, GOVERNORATE_CODES } from '../../../../libs/domain/src/shop-config';
import { ORDER_STATUSES } from '../../../../libs/domain/src/order/events';
import { categoryName, governorateName, statusName } from './names';

describe('back-office names', () => {
  it('names every governorate, status and category the shop knows, never by its code', () => {
    for (const code of GOVERNORATE_CODES) expect(governorateName(code)).not.toBe(code);
    for (const code of ORDER_STATUSES) expect(statusName(code)).not.toBe(code);
    for (const code of CATEGORIES) expect(categoryName(code)).not.toBe(code);
  });

  it('reads as a manager would', () => {
    expect([governorateName('ALEXANDRIA'), governorateName('KAFR_EL_SHEIKH'), governorateName('RED_SEA')]).toEqual(['Alexandria', 'Kafr El Sheikh', 'Red Sea']);
    expect(ORDER_STATUSES.map(statusName)).toEqual(['Placed', 'Confirmed', 'Shipped', 'Delivered', 'Refused', 'Returned', 'Canceled']);
    expect([categoryName('ANIME'), categoryName(null)]).toEqual(['Anime', 'All categories']);
  });

  it('shows a code it does not know as it is, and nothing for none', () => {
    expect([governorateName('ATLANTIS'), statusName('LOST'), governorateName(null), statusName(undefined)]).toEqual(['ATLANTIS', 'LOST', '', '']);
  });
});
