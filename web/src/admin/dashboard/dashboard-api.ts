import { generatedApi, type DashboardView } from '../../api/generated-admin';

export type DashboardRecentOrder = DashboardView['recentOrders'][number];

export interface DashboardData {
  activeOrders: number;
  totalRevenue: number;
  /** The one meaning of revenue (libs/domain/src/order/revenue.ts), each figure named on screen. */
  sales: number;
  collected: number;
  pending: number;
  /** Parcels out for delivery, refused at the door, returned; goods returned and cash refunded (sales and collected are net of them). */
  parcelsOut: number;
  refused: number;
  returned: number;
  returnedAmount: number;
  refunded: number;
  totalCustomers: number;
  totalProducts: number;
  revenueThisMonth: number;
  revenueLastMonth: number;
  ordersThisMonth: number;
  ordersLastMonth: number;
  perDay: { date: string; revenue: number; orders: number }[];
  byGovernorate: { governorate: string; orders: number; sales: number; collected: number; pending: number }[];
  recentOrders: DashboardRecentOrder[];
}

/** The page's figures: this and last month, and revenue and orders per day side by side. */
export function dashboardData(view: DashboardView): DashboardData {
  const orders = new Map(view.ordersPerDay.map((d) => [d.date, d.orders]));
  return {
    activeOrders: view.activeOrders,
    totalRevenue: view.totalRevenue,
    sales: view.sales,
    collected: view.collected,
    pending: view.pending,
    parcelsOut: view.parcelsOut,
    refused: view.refused,
    returned: view.returned,
    returnedAmount: view.returnedAmount,
    refunded: view.refunded,
    totalCustomers: view.totalCustomers,
    totalProducts: view.totalProducts,
    revenueThisMonth: view.thisMonth.revenue,
    revenueLastMonth: view.lastMonth.revenue,
    ordersThisMonth: view.thisMonth.orders,
    ordersLastMonth: view.lastMonth.orders,
    perDay: view.revenuePerDay.map((d) => ({ date: d.date, revenue: d.revenue, orders: orders.get(d.date) ?? 0 })),
    byGovernorate: view.ordersByGovernorate,
    recentOrders: view.recentOrders,
  };
}

// Over the generated endpoint: the cache keeps the page's figures (dashboardData), not the raw view.
export const dashboardApi = generatedApi.injectEndpoints({
  overrideExisting: true,
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => 'admin/dashboard',
      transformResponse: dashboardData,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
