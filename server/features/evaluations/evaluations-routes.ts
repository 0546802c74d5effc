import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/api/common';
import {
  createEvaluationSchema,
  employeeDetailsResponseSchema,
  employeeIdParamsSchema,
  deleteEvaluationSchema,
  evaluationDeletedResponseSchema,
  evaluationFormSchema,
  evaluationListQuerySchema,
  evaluationListResponseSchema,
  evaluationResponseSchema,
  evaluationsExportFile,
  updateEvaluationSchema,
} from '../../../shared/api/evaluations';
import { canWriteEvaluationFor } from '../../../shared/rules/evaluation-access';
import { evaluationsWorkbook } from './evaluations-xlsx';
import { sendXlsx } from '../../exports/xlsx-style';
import {
  createEvaluation,
  deleteEvaluation,
  employeeSummary,
  evaluationsOf,
  readableEmployee,
  updateEvaluation,
} from './evaluations';

// objective-tracking §7: GET /employee-details/{userId}, list, POST, PUT, DELETE
// /employee-details; design §4: the evaluations export. Rules: shared/rules/evaluation-access.ts.
export const evaluationRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['evaluations'];

  api.get('/employee-details/:userId', { schema: { tags, params: employeeIdParamsSchema, response: { 200: employeeDetailsResponseSchema } } }, async (request) => {
    const person = await readableEmployee(api.db, request.actor, request.params.userId);
    return {
      data: { user: employeeSummary(person), items: await evaluationsOf(api.db, person.id), canWrite: canWriteEvaluationFor(request.actor, person) },
    };
  });

  api.get('/employee-details', { schema: { tags, querystring: evaluationListQuerySchema, response: { 200: evaluationListResponseSchema } } }, async (request) => {
    const person = await readableEmployee(api.db, request.actor, request.query.userId);
    return { data: { items: await evaluationsOf(api.db, person.id) } };
  });

  api.post('/employee-details', { schema: { tags, body: createEvaluationSchema, response: { 200: evaluationResponseSchema } } }, async (request) => {
    const { userId, ...values } = request.body;
    return { data: await createEvaluation(api.db, request.actor, userId, values) };
  });

  api.put('/employee-details/:id', { schema: { tags, params: idParamSchema, body: evaluationFormSchema, response: { 200: evaluationResponseSchema } } }, async (request) => ({
    data: await updateEvaluation(api.db, request.actor, request.params.id, request.body),
  }));

  api.delete('/employee-details/:id', { schema: { tags, params: idParamSchema, response: { 200: evaluationDeletedResponseSchema } } }, async (request) => {
    await deleteEvaluation(api.db, request.actor, request.params.id);
    return { data: { removed: true as const, id: request.params.id } };
  });

  // The spec's own shape of the two calls: the id travels in the body as entityId.
  api.put('/employee-details', { schema: { tags, body: updateEvaluationSchema, response: { 200: evaluationResponseSchema } } }, async (request) => {
    const { entityId, ...values } = request.body;
    return { data: await updateEvaluation(api.db, request.actor, entityId, values) };
  });

  api.delete('/employee-details', { schema: { tags, body: deleteEvaluationSchema, response: { 200: evaluationDeletedResponseSchema } } }, async (request) => {
    await deleteEvaluation(api.db, request.actor, request.body.entityId);
    return { data: { removed: true as const, id: request.body.entityId } };
  });

  api.get('/exports/evaluations/:userId.xlsx', { schema: { tags: ['exports'], params: employeeIdParamsSchema } }, async (request, reply) => {
    const person = await readableEmployee(api.db, request.actor, request.params.userId);
    const bytes = evaluationsWorkbook(person.name, await evaluationsOf(api.db, person.id));
    return sendXlsx(reply, bytes, evaluationsExportFile(person.name));
  });
};
