import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  deletedResponseSchema,
  jobBodySchema,
  jobListResponseSchema,
  jobSavedResponseSchema,
  nameTakenQuerySchema,
  nameTakenResponseSchema,
} from '../../../shared/api/admin';
import { isNameTaken } from './admin-names';
import { createJob, deleteJob, listJobs, updateJob } from './jobs';
import { requireAdmin } from '../../plugins/admin-guard';

// GET/POST /job, PUT/DELETE /job/:id (design §4): the admin Roles (jobs) tab. The directory's
// job choices come from GET /user/job-titles, open to everyone.
export const jobsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));

  api.get('/job', { schema: { tags: ['admin'], response: { 200: jobListResponseSchema } } }, async () => ({
    data: { jobs: await listJobs(api.db) },
  }));

  api.get('/job/name-taken', { schema: { tags: ['admin'], querystring: nameTakenQuerySchema, response: { 200: nameTakenResponseSchema } } }, async (request) => ({
    data: { taken: await isNameTaken(api.db, 'job', request.query.name, request.query.except) },
  }));

  api.post('/job', { schema: { tags: ['admin'], body: jobBodySchema, response: { 200: jobSavedResponseSchema } } }, async (request) => ({
    data: { job: await createJob(api.db, request.actor.id, request.body) },
  }));

  api.put('/job/:id', { schema: { tags: ['admin'], params: adminIdParamsSchema, body: jobBodySchema, response: { 200: jobSavedResponseSchema } } }, async (request) => ({
    data: { job: await updateJob(api.db, request.actor.id, request.params.id, request.body) },
  }));

  api.delete('/job/:id', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: deletedResponseSchema } } }, async (request) => {
    await deleteJob(api.db, request.actor.id, request.params.id);
    return { data: { id: request.params.id } };
  });
};
