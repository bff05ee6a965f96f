import { generatedApi, type MessageView } from '../../api/generated-admin';

export type CustomerMessage = MessageView;

export const messagesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getMessages: { providesTags: ['Message'] },
    getMessage: { providesTags: ['Message'] },
    retryMessage: { invalidatesTags: ['Message'] },
    getMessageTemplates: { providesTags: ['MessageTemplate'] },
    saveMessageTemplate: { invalidatesTags: ['MessageTemplate', 'Message'] },
  },
});

export const {
  useGetMessagesQuery, useGetMessageQuery, useRetryMessageMutation, useGetMessageTemplatesQuery, useSaveMessageTemplateMutation, usePreviewMessageTemplateMutation,
} = messagesApi;

/** How people read a message's kind and channel. */
export const KIND_LABELS: Record<string, string> = {
  orderPlaced: 'Order received',
  orderConfirmed: 'Order confirmed',
  orderShipped: 'Order shipped',
  orderDelivered: 'Order delivered',
  orderEdited: 'Order updated',
  erasureHeld: 'Erasure held',
};

export const CHANNEL_LABELS: Record<string, string> = { email: 'E-mail', phone: 'SMS / WhatsApp' };

/** Failed and unknown need a person; the rest tell how things went. */
export function statusTone(status: string): string {
  if (status === 'failed' || status === 'unknown') return 'bg-red-100 text-red-800';
  if (status === 'sent') return 'bg-emerald-100 text-emerald-800';
  if (status === 'pending' || status === 'sending') return 'bg-amber-100 text-amber-800';
  return 'bg-gray-100 text-gray-700';
}
