import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalDecisionResponseSchema,
  approvalDecisionSchema,
  approvalsCountResponseSchema,
  approvalsResponseSchema,
  completionApprovalResponseSchema,
  completionApprovalSchema,
} from '../../../shared/api/approvals';
import { idParamSchema } from '../../../shared/api/common';
import { approveCompletion, countApprovals, decide, listApprovals } from './approvals';

// design §4 approvals: the approvals page and the completion approval page (spec §2, §4).
export const approvalRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['approvals'];

  api.get('/objective/approvals', { schema: { tags, response: { 200: approvalsResponseSchema } } }, async (request) => ({
    data: { items: await listApprovals(api.db, request.actor) },
  }));

  api.get('/objective/approvals/count', { schema: { tags, response: { 200: approvalsCountResponseSchema } } }, async (request) => ({
    data: { count: await countApprovals(api.db, request.actor) },
  }));

  api.post(
    '/objective/:id/approval',
    { schema: { tags, params: idParamSchema, body: approvalDecisionSchema, response: { 200: approvalDecisionResponseSchema } } },
    async (request) => ({ data: await decide(api.db, request.actor, request.params.id, request.body.decision) }),
  );

  api.post('/approval', { schema: { tags, body: completionApprovalSchema, response: { 200: completionApprovalResponseSchema } } }, async (request) => ({
    data: await approveCompletion(api.db, request.actor, request.body),
  }));
};
