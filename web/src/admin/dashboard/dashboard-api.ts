import { generatedApi, type DashboardView, type MoneyFiguresView } from '../../api/generated-admin';

export type DashboardRecentOrder = DashboardView['recentOrders'][number];

export interface DashboardData {
  activeOrders: number;
  /** The money figures, one definition (libs/domain/src/money/figures.ts), each named on screen by its one name. */
  money: MoneyFiguresView;
  /** Parcels out for delivery, refused at the door, returned (counts). */
  parcelsOut: number;
  refused: number;
  returned: number;
  totalCustomers: number;
  totalProducts: number;
  netSalesThisMonth: number;
  netSalesLastMonth: number;
  ordersThisMonth: number;
  ordersLastMonth: number;
  perDay: { date: string; netSales: number; orders: number }[];
  byGovernorate: DashboardView['ordersByGovernorate'];
  recentOrders: DashboardRecentOrder[];
}

/** The page's figures: this and last month, and net sales and orders per day side by side. */
export function dashboardData(view: DashboardView): DashboardData {
  const orders = new Map(view.ordersPerDay.map((d) => [d.date, d.orders]));
  return {
    activeOrders: view.activeOrders,
    money: view.money,
    parcelsOut: view.parcelsOut,
    refused: view.refused,
    returned: view.returned,
    totalCustomers: view.totalCustomers,
    totalProducts: view.totalProducts,
    netSalesThisMonth: view.thisMonth.netSales,
    netSalesLastMonth: view.lastMonth.netSales,
    ordersThisMonth: view.thisMonth.orders,
    ordersLastMonth: view.lastMonth.orders,
    perDay: view.netSalesPerDay.map((d) => ({ date: d.date, netSales: d.netSales, orders: orders.get(d.date) ?? 0 })),
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
