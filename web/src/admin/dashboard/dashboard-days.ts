import { format, parseISO } from 'date-fns';
import { lastShopDays } from '../../../../libs/domain/src/shared/shop-date';
import type { DashboardData } from './dashboard-api';

const DAYS = 30;

/** The shop's last 30 days (Cairo's, as the server counts them), every day present (days without orders show as 0). */
export function last30Days(perDay: DashboardData['perDay'], now = new Date()) {
  const byDate = new Map(perDay.map((d) => [d.date.slice(0, 10), d]));
  return lastShopDays(now, DAYS).map((date) => {
    const entry = byDate.get(date);
    return { label: format(parseISO(date), 'MMM d'), netSales: Number(entry?.netSales ?? 0), orders: Number(entry?.orders ?? 0) };
  });
}
