import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '../../../shared/api/admin';
import { emailStatusResponseSchema, emailTestResponseSchema, outboxResendResponseSchema } from '../../../shared/api/email';
import { requireAdmin } from '../../plugins/admin-guard';
import { emailStatus, resendFailed, sendTestEmail } from './email-admin';

// GET /admin/email, POST /admin/email/test, POST /admin/email/outbox/:id/resend: Admin → E-mail,
// admins only (docs/api.md 'E-mail').
export const emailRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));

  api.get('/admin/email', { schema: { tags: ['admin'], response: { 200: emailStatusResponseSchema } } }, async () => ({
    data: await emailStatus(api.db, api.email),
  }));

  api.post('/admin/email/test', { schema: { tags: ['admin'], response: { 200: emailTestResponseSchema } } }, async (request) => ({
    data: { message: await sendTestEmail(api.db, api.email, request.actor) },
  }));

  api.post('/admin/email/outbox/:id/resend', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: outboxResendResponseSchema } } }, async (request) => ({
    data: { message: await resendFailed(api.db, api.email, request.params.id) },
  }));
};
