import { generatedApi } from '../../api/generated-admin';

// Delivery outcomes move with status changes, which invalidate 'Dashboard'.
export const deliveryApi = generatedApi.enhanceEndpoints({
  endpoints: { getDeliveryByGovernorate: { providesTags: ['Dashboard'] } },
});

export const { useGetDeliveryByGovernorateQuery } = deliveryApi;
