import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alignmentCandidatesQuerySchema,
  alignmentCandidatesResponseSchema,
  alignmentLinksResponseSchema,
  alignmentSearchQuerySchema,
  alignmentSearchResponseSchema,
  alignmentTreeQuerySchema,
  alignmentTreeResponseSchema,
  linkCreateSchema,
  linkRemovedResponseSchema,
  linkResponseSchema,
  linkWeightSchema,
  rollupChangeSchema,
} from '../../../shared/api/alignment';
import { idParamSchema } from '../../../shared/api/common';
import { levelObjectiveFormSchema, objectiveResponseSchema } from '../../../shared/api/objectives';
import { addLink, linksOfObjective, removeLink, setLinkWeight, setRollupMode } from './alignment-links';
import { alignmentCandidates, alignmentSearch, alignmentTree } from './alignment-tree';
import { createLevelObjective } from '../objectives';

// Alignment (docs/api.md 'Alignment'): team and company objectives, links between objectives, weights,
// the roll-up mode, and the alignment view's tree, search and 'Supports' picker. Rules live in
// shared/rules/alignment.ts and objective-levels.ts; the services hold the transactions.
export const alignmentRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['alignment'];

  api.post(
    '/alignment/objectives',
    { schema: { tags, body: levelObjectiveFormSchema, response: { 200: objectiveResponseSchema } } },
    async (request) => ({ data: await createLevelObjective(api.db, request.actor, request.body) }),
  );

  api.get('/objective/:id/links', { schema: { tags, params: idParamSchema, response: { 200: alignmentLinksResponseSchema } } }, async (request) => ({
    data: await linksOfObjective(api.db, request.actor, request.params.id),
  }));

  api.post(
    '/objective/:id/links',
    { schema: { tags, params: idParamSchema, body: linkCreateSchema, response: { 200: alignmentLinksResponseSchema } } },
    async (request) => ({ data: await addLink(api.db, request.actor, request.params.id, request.body) }),
  );

  api.put(
    '/objective-link/:id',
    { schema: { tags, params: idParamSchema, body: linkWeightSchema, response: { 200: linkResponseSchema } } },
    async (request) => ({ data: await setLinkWeight(api.db, request.actor, request.params.id, request.body.weight) }),
  );

  api.delete('/objective-link/:id', { schema: { tags, params: idParamSchema, response: { 200: linkRemovedResponseSchema } } }, async (request) => ({
    data: await removeLink(api.db, request.actor, request.params.id),
  }));

  api.put(
    '/objective/:id/rollup',
    { schema: { tags, params: idParamSchema, body: rollupChangeSchema, response: { 200: objectiveResponseSchema } } },
    async (request) => ({ data: await setRollupMode(api.db, request.actor, request.params.id, request.body.mode) }),
  );

  api.get('/alignment/tree', { schema: { tags, querystring: alignmentTreeQuerySchema, response: { 200: alignmentTreeResponseSchema } } }, async (request) => ({
    data: await alignmentTree(api.db, request.actor, request.query),
  }));

  api.get('/alignment/search', { schema: { tags, querystring: alignmentSearchQuerySchema, response: { 200: alignmentSearchResponseSchema } } }, async (request) => ({
    data: await alignmentSearch(api.db, request.actor, request.query),
  }));

  api.get(
    '/alignment/candidates',
    { schema: { tags, querystring: alignmentCandidatesQuerySchema, response: { 200: alignmentCandidatesResponseSchema } } },
    async (request) => ({ data: await alignmentCandidates(api.db, request.actor, request.query) }),
  );
};
