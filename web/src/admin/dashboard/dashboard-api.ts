import { api } from '../../lib/api';

export interface DashboardRecentOrder {
  id: string;
  orderNumber?: string;
  createdAt?: string | null;
  orderDate?: string | null;
  total: number;
  status: string;
}

export interface DashboardData {
  activeOrders: number;
  totalRevenue: number;
  totalCustomers: number;
  totalProducts: number;
  revenueThisMonth: number;
  revenueLastMonth: number;
  ordersThisMonth: number;
  ordersLastMonth: number;
  perDay: { date: string; revenue: number; orders: number }[];
  byGovernorate: { governorate: string; orders: number }[];
  recentOrders: DashboardRecentOrder[];
}

const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const num = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

type Raw = Record<string, unknown>;

/**
 * The API answers either the flat contract (revenueThisMonth, perDay, byGovernorate) or its richer
 * form (thisMonth/lastMonth objects, revenuePerDay + ordersPerDay, ordersByGovernorate). Each part
 * missing from the answer falls back to zero or an empty list (spec section 8).
 */
export function normalizeDashboard(raw: Raw): DashboardData {
  const thisMonth = (raw.thisMonth ?? {}) as Raw;
  const lastMonth = (raw.lastMonth ?? {}) as Raw;
  let perDay = list<{ date: string; revenue: number; orders: number }>(raw.perDay);
  if (perDay.length === 0) {
    const days = new Map<string, { date: string; revenue: number; orders: number }>();
    for (const d of list<Raw>(raw.revenuePerDay)) days.set(String(d.date), { date: String(d.date), revenue: num(d.revenue), orders: 0 });
    for (const d of list<Raw>(raw.ordersPerDay)) {
      const day = days.get(String(d.date)) ?? { date: String(d.date), revenue: 0, orders: 0 };
      days.set(day.date, { ...day, orders: num(d.orders) });
    }
    perDay = [...days.values()];
  }
  return {
    activeOrders: num(raw.activeOrders),
    totalRevenue: num(raw.totalRevenue),
    totalCustomers: num(raw.totalCustomers),
    totalProducts: num(raw.totalProducts),
    revenueThisMonth: num(raw.revenueThisMonth ?? thisMonth.revenue),
    revenueLastMonth: num(raw.revenueLastMonth ?? lastMonth.revenue),
    ordersThisMonth: num(raw.ordersThisMonth ?? thisMonth.orders),
    ordersLastMonth: num(raw.ordersLastMonth ?? lastMonth.orders),
    perDay,
    byGovernorate: list<Raw>(raw.byGovernorate ?? raw.ordersByGovernorate).map((g) => ({ governorate: String(g.governorate), orders: num(g.orders) })),
    recentOrders: list(raw.recentOrders),
  };
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => 'admin/dashboard',
      transformResponse: (raw: Record<string, unknown>) => normalizeDashboard(raw ?? {}),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
