import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema, deletedResponseSchema } from '../../../shared/api/admin';
import {
  webhookDeliveriesResponseSchema, webhookDeliveryParamsSchema, webhookEndpointBodySchema, webhookEndpointResponseSchema,
  webhookListResponseSchema, webhookResendResponseSchema, webhookTestResponseSchema, webhookWithSecretResponseSchema,
} from '../../../shared/api/webhooks';
import { adminOnly } from '../../plugins/admin-guard';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, resendDelivery, rotateSecret, sendTestEvent, updateEndpoint } from './webhook-admin';

// /admin/webhooks…: Admin → Webhooks, admins only (docs/api.md 'Webhooks').
export const webhookRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', adminOnly);
  const tags = ['admin'];

  api.get('/admin/webhooks', { schema: { tags, response: { 200: webhookListResponseSchema } } }, async () => ({ data: { items: await listEndpoints(api.db) } }));

  api.post('/admin/webhooks', { schema: { tags, body: webhookEndpointBodySchema, response: { 201: webhookWithSecretResponseSchema } } }, async (request, reply) => {
    reply.code(201);
    return { data: await createEndpoint(api.db, api.webhooks, request.body) };
  });

  api.put('/admin/webhooks/:id', { schema: { tags, params: adminIdParamsSchema, body: webhookEndpointBodySchema, response: { 200: webhookEndpointResponseSchema } } }, async (request) => ({
    data: { endpoint: await updateEndpoint(api.db, api.webhooks, request.params.id, request.body) },
  }));

  api.delete('/admin/webhooks/:id', { schema: { tags, params: adminIdParamsSchema, response: { 200: deletedResponseSchema } } }, async (request) => {
    await deleteEndpoint(api.db, request.params.id);
    return { data: { id: request.params.id } };
  });

  api.post('/admin/webhooks/:id/rotate-secret', { schema: { tags, params: adminIdParamsSchema, response: { 200: webhookWithSecretResponseSchema } } }, async (request) => ({
    data: await rotateSecret(api.db, request.params.id),
  }));

  api.post('/admin/webhooks/:id/test', { schema: { tags, params: adminIdParamsSchema, response: { 200: webhookTestResponseSchema } } }, async (request) => ({
    data: { delivery: await sendTestEvent(api.db, api.webhooks, request.actor, request.params.id) },
  }));

  api.get('/admin/webhooks/:id/deliveries', { schema: { tags, params: adminIdParamsSchema, response: { 200: webhookDeliveriesResponseSchema } } }, async (request) => ({
    data: { items: await listDeliveries(api.db, request.params.id) },
  }));

  api.post('/admin/webhooks/:id/deliveries/:deliveryId/resend', { schema: { tags, params: webhookDeliveryParamsSchema, response: { 200: webhookResendResponseSchema } } }, async (request) => {
    await resendDelivery(api.db, api.webhooks, request.params.id, request.params.deliveryId);
    return { data: { queued: true as const } };
  });
};
