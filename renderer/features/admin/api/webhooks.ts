import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveriesResponseSchema, webhookEndpointResponseSchema, webhookListResponseSchema, webhookResendResponseSchema,
  webhookTestResponseSchema, webhookWithSecretResponseSchema, type WebhookEndpointBody,
} from '../../../../shared/api/webhooks';
import { deletedResponseSchema } from '../../../../shared/api/admin';
import { errorText, hubCall } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';

// Admin → Webhooks: the endpoints, their secrets (shown once), a test event and the delivery log.

const LIST_KEY = ['admin', 'webhooks'] as const;
const deliveriesKey = (id: number) => ['admin', 'webhooks', id, 'deliveries'] as const;

export function useWebhooks() {
  // the last delivery of each moves while the tab is open
  return useQuery({ queryKey: LIST_KEY, queryFn: () => hubCall(webhookListResponseSchema.shape.data, 'GET', '/admin/webhooks'), refetchInterval: 10_000 });
}

export function useWebhookDeliveries(id: number) {
  return useQuery({ queryKey: deliveriesKey(id), queryFn: () => hubCall(webhookDeliveriesResponseSchema.shape.data, 'GET', `/admin/webhooks/${id}/deliveries`), refetchInterval: 10_000 });
}

/** Create (id null) or edit; a create answers the secret, to be shown once. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: WebhookEndpointBody }): Promise<{ secret: string | null }> => {
      if (id === null) return { secret: (await hubCall(webhookWithSecretResponseSchema.shape.data, 'POST', '/admin/webhooks', { body })).secret };
      await hubCall(webhookEndpointResponseSchema.shape.data, 'PUT', `/admin/webhooks/${id}`, { body });
      return { secret: null };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  const { success, failure } = useNotify();
  return useMutation({
    mutationFn: (id: number) => hubCall(deletedResponseSchema.shape.data, 'DELETE', `/admin/webhooks/${id}`),
    onSuccess: async () => {
      success('Endpoint removed');
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (error) => failure(errorText(error)),
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  const { failure } = useNotify();
  return useMutation({
    mutationFn: (id: number) => hubCall(webhookWithSecretResponseSchema.shape.data, 'POST', `/admin/webhooks/${id}/rotate-secret`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
    onError: (error) => failure(errorText(error)),
  });
}

/** The toast says what the endpoint answered. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  const { success, failure } = useNotify();
  return useMutation({
    mutationFn: (id: number) => hubCall(webhookTestResponseSchema.shape.data, 'POST', `/admin/webhooks/${id}/test`),
    onSuccess: async ({ delivery }, id) => {
      if (delivery?.outcome === 'sent') success(`Test event delivered (${delivery.statusCode})`);
      else failure(`The test event was not delivered: ${delivery?.error ?? 'no attempt was made'}`);
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(id) });
    },
    onError: (error) => failure(errorText(error)),
  });
}

export function useResendDelivery(endpointId: number) {
  const queryClient = useQueryClient();
  const { success, failure } = useNotify();
  return useMutation({
    mutationFn: (deliveryId: number) => hubCall(webhookResendResponseSchema.shape.data, 'POST', `/admin/webhooks/${endpointId}/deliveries/${deliveryId}/resend`),
    onSuccess: async () => {
      success('Queued to be sent again');
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
    },
    onError: (error) => failure(errorText(error)),
  });
}
