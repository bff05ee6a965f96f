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

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => 'admin/dashboard',
      // Each part missing from the answer falls back to zero or an empty list (spec section 8).
      transformResponse: (raw: Record<string, unknown>): DashboardData => ({
        activeOrders: Number(raw?.activeOrders ?? 0),
        totalRevenue: Number(raw?.totalRevenue ?? 0),
        totalCustomers: Number(raw?.totalCustomers ?? 0),
        totalProducts: Number(raw?.totalProducts ?? 0),
        revenueThisMonth: Number(raw?.revenueThisMonth ?? 0),
        revenueLastMonth: Number(raw?.revenueLastMonth ?? 0),
        ordersThisMonth: Number(raw?.ordersThisMonth ?? 0),
        ordersLastMonth: Number(raw?.ordersLastMonth ?? 0),
        perDay: list(raw?.perDay),
        byGovernorate: list(raw?.byGovernorate),
        recentOrders: list(raw?.recentOrders),
      }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
