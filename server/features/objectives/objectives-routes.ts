import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/api/common';
import {
  assigneesQuerySchema,
  assigneesResponseSchema,
  objectiveChangeResponseSchema,
  objectiveChoicesResponseSchema,
  objectiveCountQuerySchema,
  objectiveCountResponseSchema,
  objectiveFormSchema,
  objectiveListQuerySchema,
  objectiveListResponseSchema,
  objectiveResponseSchema,
  objectiveUpdateSchema,
} from '../../../shared/api/objectives';
import { notFound } from '../../http-errors';
import { countObjectives, listObjectives, NOT_FOUND_OBJECTIVE, visibleObjectiveDetail } from './objectives-read';
import { assigneesFor, objectiveChoices } from './objectives-choices';
import { changeObjective, createObjective, deleteObjective } from './objectives-write';

// objective-tracking §7 and design §4: the objective calls. Rules live in the services and in
// shared/rules; this file validates, calls and shapes.
export const objectiveRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['objectives'];

  api.get('/objective', { schema: { tags, querystring: objectiveListQuerySchema, response: { 200: objectiveListResponseSchema } } }, async (request) => {
    const q = request.query;
    const { items, total, totalIsExact } = await listObjectives(api.db, request.actor, q);
    return { data: { items, total, totalIsExact, page: q.page, limit: q.limit } };
  });

  api.get('/objective/count', { schema: { tags, querystring: objectiveCountQuerySchema, response: { 200: objectiveCountResponseSchema } } }, async (request) => ({
    data: { total: await countObjectives(api.db, request.actor, request.query) },
  }));

  api.get('/objective/choices', { schema: { tags, response: { 200: objectiveChoicesResponseSchema } } }, async (request) => ({
    data: await objectiveChoices(api.db, request.actor),
  }));

  api.get(
    '/objective/assignees',
    { schema: { tags, querystring: assigneesQuerySchema, response: { 200: assigneesResponseSchema } } },
    async (request) => ({ data: { items: await assigneesFor(api.db, request.actor, request.query.teamId) } }),
  );

  api.get('/objective/:id', { schema: { tags, params: idParamSchema, response: { 200: objectiveResponseSchema } } }, async (request) => {
    const detail = await visibleObjectiveDetail(api.db, request.actor, request.params.id);
    if (!detail) throw notFound(NOT_FOUND_OBJECTIVE);
    return { data: detail };
  });

  api.post('/objective', { schema: { tags, body: objectiveFormSchema, response: { 200: objectiveResponseSchema } } }, async (request) => ({
    data: await createObjective(api.db, request.actor, request.body),
  }));

  api.put(
    '/objective/:id',
    { schema: { tags, params: idParamSchema, body: objectiveUpdateSchema, response: { 200: objectiveChangeResponseSchema } } },
    async (request) => ({ data: await changeObjective(api.db, request.actor, request.params.id, request.body) }),
  );

  api.delete(
    '/objective/:id',
    { schema: { tags, params: idParamSchema, response: { 200: objectiveChangeResponseSchema } } },
    async (request) => ({ data: await deleteObjective(api.db, request.actor, request.params.id) }),
  );
};
