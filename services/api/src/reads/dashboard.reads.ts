import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { moneyOf } from '#domain/money/figures.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import type { DashboardView } from '../admin/dashboard/dashboard-response.js';
import { moneyFiguresView } from '../common/money-figures-view.js';

const DAYS = 30;

/** Percent change from previous to current, one decimal; null when there was nothing to grow from. */
function growth(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The dashboard's figures, every one from a table the dashboard projection keeps (no count or
 * sum over the orders table: its cost would grow with the shop's age). Day and month sums come
 * from daily_sales (per Cairo day, by current status, one row a day); governorates from
 * governorate_sales. The money figures have one definition (libs/domain/src/money/figures.ts): the
 * projection keeps their sums, and net sales by day, month and governorate too. Counts of customers and posters from their read models;
 * the five recent orders are an index scan with LIMIT.
 */
@Injectable()
export class DashboardReads {
  constructor(private readonly dataSource: DataSource) {}

  async dashboard(): Promise<DashboardView> {
    const q = <T>(sql: string, params: unknown[] = []) => this.dataSource.query(sql, params) as Promise<T[]>;
    const [[totals], [counts], months, days, governorates, recent, newCustomers] = await Promise.all([
      q<{ active: string; orders: string; out: string; refused: string; returned_count: string; money: Record<string, string> | null }>(
        `SELECT coalesce(sum(placed_count), 0) AS active, coalesce(sum(orders_count), 0) AS orders,
                coalesce(sum(shipped_count), 0) AS out, coalesce(sum(refused_count), 0) AS refused, coalesce(sum(returned_count), 0) AS returned_count,
                (SELECT jsonb_object_agg(key, total) FROM (SELECT key, sum(value::bigint) AS total FROM read.daily_sales, jsonb_each_text(money) GROUP BY key) AS sums) AS money
           FROM read.daily_sales`,
      ),
      q<{ customers: string; products: string; addons: string }>(
        `SELECT coalesce((SELECT n FROM read.customer_counts WHERE id = 1), 0) AS customers,
                (SELECT count(*) FROM read.posters WHERE NOT deleted) AS products,
                (SELECT count(*) FROM read.products WHERE NOT deleted) AS addons`,
      ),
      q<{ month: string; orders: string; net_sales: string; customers: string }>(
        `WITH m AS (SELECT date_trunc('month', (now() AT TIME ZONE $1))::date AS this_month)
         SELECT to_char(date_trunc('month', d.day), 'YYYY-MM') AS month, sum(d.orders_count) AS orders, coalesce(sum((d.money->>'netSales')::bigint), 0) AS net_sales, 0 AS customers
           FROM read.daily_sales d, m
          WHERE d.day >= (m.this_month - interval '1 month')::date
          GROUP BY 1`,
        [SHOP_TIME_ZONE],
      ),
      q<{ day: string; orders: string; net_sales: string }>(
        `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(d.orders_count, 0) AS orders, coalesce((d.money->>'netSales')::bigint, 0) AS net_sales
           FROM generate_series((now() AT TIME ZONE $1)::date - ($2::int - 1), (now() AT TIME ZONE $1)::date, interval '1 day') AS g(day)
           LEFT JOIN read.daily_sales d ON d.day = g.day::date
          ORDER BY g.day`,
        [SHOP_TIME_ZONE, DAYS],
      ),
      q<{ governorate: string; orders: string; money: unknown }>(
        `SELECT governorate, orders_count AS orders, money FROM read.governorate_sales
          WHERE orders_count > 0 ORDER BY orders_count DESC, governorate`,
      ),
      q<{ id: string; order_number: string; placed_at: Date; total: number; status: string; first_name: string; last_name: string }>(
        `SELECT id, order_number, placed_at, total, status, first_name, last_name FROM read.orders ORDER BY placed_at DESC, id DESC LIMIT 5`,
      ),
      q<{ month: string; customers: string }>(
        `SELECT to_char(date_trunc('month', created_at AT TIME ZONE $1), 'YYYY-MM') AS month, count(*) AS customers
           FROM read.customers WHERE created_at >= date_trunc('month', now() AT TIME ZONE $1) - interval '1 month' GROUP BY 1`,
        [SHOP_TIME_ZONE],
      ),
    ]);
    const thisMonthKey = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    const [y, m] = thisMonthKey.split('-').map(Number);
    const lastMonthKey = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const month = (key: string) => {
      const row = months.find((r) => r.month === key);
      return {
        month: key,
        orders: Number(row?.orders ?? 0),
        netSales: piastresToEgp(Number(row?.net_sales ?? 0)),
        newCustomers: Number(newCustomers.find((r) => r.month === key)?.customers ?? 0),
      };
    };
    const thisMonth = month(thisMonthKey);
    const lastMonth = month(lastMonthKey);
    return {
      activeOrders: Number(totals.active),
      money: moneyFiguresView(moneyOf(totals.money)),
      parcelsOut: Number(totals.out),
      refused: Number(totals.refused),
      returned: Number(totals.returned_count),
      totalOrders: Number(totals.orders),
      totalCustomers: Number(counts.customers),
      totalProducts: Number(counts.products),
      totalAddons: Number(counts.addons),
      thisMonth,
      lastMonth,
      growth: {
        orders: growth(thisMonth.orders, lastMonth.orders),
        netSales: growth(thisMonth.netSales, lastMonth.netSales),
        customers: growth(thisMonth.newCustomers, lastMonth.newCustomers),
      },
      netSalesPerDay: days.map((d) => ({ date: d.day, netSales: piastresToEgp(Number(d.net_sales)) })),
      ordersPerDay: days.map((d) => ({ date: d.day, orders: Number(d.orders) })),
      ordersByGovernorate: governorates.map((g) => ({
        governorate: g.governorate,
        orders: Number(g.orders),
        money: moneyFiguresView(moneyOf(g.money)),
      })),
      recentOrders: recent.map((o) => ({
        id: o.id,
        orderNumber: o.order_number,
        customerName: `${o.first_name} ${o.last_name}`.trim(),
        createdAt: o.placed_at,
        orderDate: o.placed_at,
        total: piastresToEgp(Number(o.total)),
        status: o.status,
      })),
    };
  }
}
