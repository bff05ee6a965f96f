import { upcastEventData, currentSchemaVersion } from '../event-versions.js';
import { discountStatus, isDiscountInForce } from './discount-window.js';

describe('a category discount window', () => {
  const week = { active: true, startsOn: '2026-12-01', endsOn: '2026-12-07' };

  it.each([
    ['2026-11-30', 'scheduled'],
    ['2026-12-01', 'inForce'],
    ['2026-12-07', 'inForce'],
    ['2026-12-08', 'ended'],
  ])('on %s it is %s (both ends inclusive)', (today, status) => {
    expect(discountStatus(week, today)).toBe(status);
    expect(isDiscountInForce(week, today)).toBe(status === 'inForce');
  });

  it('an open window is in force whenever the discount is active', () => {
    expect(discountStatus({ active: true, startsOn: null, endsOn: null }, '2000-01-01')).toBe('inForce');
    expect(discountStatus({ active: false, startsOn: null, endsOn: null }, '2026-12-03')).toBe('inactive');
    expect(discountStatus({ ...week, active: false }, '2026-12-03')).toBe('inactive');
  });

  it('without a day (a replay of placed orders) only active counts', () => {
    expect(isDiscountInForce(week, undefined)).toBe(true);
    expect(isDiscountInForce({ ...week, active: false }, undefined)).toBe(false);
  });
});

describe('discount events of schema 1', () => {
  it('DiscountCreated and DiscountChanged are at schema 2', () => {
    expect(currentSchemaVersion('DiscountCreated')).toBe(2);
    expect(currentSchemaVersion('DiscountChanged')).toBe(2);
  });

  it('read as always in force: an open window', () => {
    expect(upcastEventData('DiscountCreated', 1, { discountId: 1, category: 'ANIME', percentage: 20, active: true })).toEqual({
      schemaVersion: 2,
      data: { discountId: 1, category: 'ANIME', percentage: 20, active: true, startsOn: null, endsOn: null },
    });
    expect(upcastEventData('DiscountChanged', undefined, { discountId: 1, percentage: 30, active: false }).data).toEqual({
      discountId: 1, percentage: 30, active: false, startsOn: null, endsOn: null,
    });
  });

  it('leaves schema-2 data as it is', () => {
    const data = { discountId: 1, category: null, percentage: 5, active: true, startsOn: '2026-12-01', endsOn: null };
    expect(upcastEventData('DiscountCreated', 2, data).data).toBe(data);
  });
});
