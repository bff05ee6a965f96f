import { generatedApi, type CourierCashView, type CourierView, type SettlementImportView, type SettlementProgressView } from '../../api/generated-admin';

export type Courier = CourierView;
export type CourierCash = CourierCashView;
export type SettlementImport = SettlementImportView;
export type SettlementProgress = SettlementProgressView;

// An import moves orders and the cash couriers owe: the orders, the dashboard and the cash refetch
// (again when its progress says every line is applied: settlement-progress.tsx).
export const couriersApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getCouriers: { providesTags: ['Courier'] },
      addCourier: { invalidatesTags: ['Courier'] },
      updateCourier: { invalidatesTags: ['Courier'] },
      getCourierCash: { providesTags: ['Courier', 'Dashboard'] },
    },
  })
  // Multipart, which the generated endpoint (a JSON body) cannot send: the CSV in the part named file.
  .injectEndpoints({
    overrideExisting: true,
    endpoints: (build) => ({
      importSettlement: build.mutation<SettlementImportView, { id: string; file: File }>({
        query: ({ id, file }) => {
          const form = new FormData();
          form.append('file', file, file.name);
          return { url: `/admin/couriers/${encodeURIComponent(id)}/settlements`, method: 'POST', body: form };
        },
        invalidatesTags: ['Courier', 'Order', 'Dashboard', 'CallQueue'],
      }),
    }),
  });

export const { useGetCouriersQuery, useAddCourierMutation, useUpdateCourierMutation, useGetCourierCashQuery, useImportSettlementMutation, useGetSettlementQuery } = couriersApi;
