import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createMemberSchema,
  directoryQuerySchema,
  directoryResponseSchema,
  MEMBER_CONFLICT,
  memberIdResponseSchema,
  profileResponseSchema,
  refListResponseSchema,
  titleListResponseSchema,
  updateMemberSchema,
  userIdParamsSchema,
  userTeamsBodySchema,
} from '../../../shared/api/people';
import { canEditTeams, canEditUserInfo, hasCapability } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http-errors';
import { jobRefs, listDirectory, projectTitles, teamLeadRefs } from './people-directory';
import { createMember, setMemberStatus, setMemberTeams, updateMember } from './people-members';
import { canOpenProfile, loadMember, profileFor } from './people-profile';
import { assertMayChangeUserFields } from './user-field-guard';

// The user routes of design §4: directory, profile, member dialog, archive / restore.


/** The member a route acts on, or 404 when the caller may not even know it exists. */
export async function memberOr404(db: Db, actor: Actor, id: number) {
  const member = await loadMember(db, id);
  if (!member || !canOpenProfile(actor, member)) throw notFound(MEMBER_CONFLICT.notFound);
  return member;
}

export const usersRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/user', { schema: { tags: ['people'], querystring: directoryQuerySchema, response: { 200: directoryResponseSchema } } }, async (request) => {
    const query = request.query;
    // spec §2: 'Deleted' is offered only with view-archived-users
    if (query.status === 'deleted' && !hasCapability(request.actor, 'VIEW_ARCHIVED_USERS')) throw forbidden();
    const { items, total } = await listDirectory(api.db, query, request.actor);
    return { data: { items, total, page: query.page, limit: query.limit } };
  });

  api.get('/user/team-leads', { schema: { tags: ['people'], response: { 200: refListResponseSchema } } }, async () => ({
    data: { items: await teamLeadRefs(api.db) },
  }));
  api.get('/user/job-titles', { schema: { tags: ['people'], response: { 200: refListResponseSchema } } }, async () => ({
    data: { items: await jobRefs(api.db) },
  }));
  api.get('/user/project-titles', { schema: { tags: ['people'], response: { 200: titleListResponseSchema } } }, async () => ({
    data: { items: await projectTitles(api.db) },
  }));

  api.get('/user/:id', { schema: { tags: ['people'], params: userIdParamsSchema, response: { 200: profileResponseSchema } } }, async (request) => {
    const member = await memberOr404(api.db, request.actor, request.params.id);
    return { data: { user: await profileFor(api.db, request.actor, member) } };
  });

  api.post('/user', { schema: { tags: ['people'], body: createMemberSchema, response: { 200: memberIdResponseSchema } } }, async (request) => {
    if (!hasCapability(request.actor, 'ADD_USERS')) throw forbidden();
    return { data: { id: await createMember(api.db, request.actor, request.body) } };
  });

  api.put('/user/:id', { schema: { tags: ['people'], params: userIdParamsSchema, body: updateMemberSchema, response: { 200: memberIdResponseSchema } } }, async (request) => {
    const member = await memberOr404(api.db, request.actor, request.params.id);
    if (!canEditUserInfo(request.actor, member.target)) throw forbidden();
    await updateMember(api.db, request.actor, member, request.body);
    return { data: { id: member.row.id } };
  });

  api.post('/user/teams', { schema: { tags: ['people'], body: userTeamsBodySchema, response: { 200: memberIdResponseSchema } } }, async (request) => {
    // the Teams dialog is the owners' (spec §6); the fields it changes pass the user-fields rule
    if (!canEditTeams(request.actor)) throw forbidden();
    const member = await memberOr404(api.db, request.actor, request.body.userId);
    await setMemberTeams(api.db, request.actor, member, request.body.teams, request.body.isLineManager);
    return { data: { id: member.row.id } };
  });

  api.delete('/user/:id', { schema: { tags: ['people'], params: userIdParamsSchema, response: { 200: memberIdResponseSchema } } }, async (request) => {
    const member = await memberOr404(api.db, request.actor, request.params.id);
    // the status is a user field (remove-users, never one's own account)
    assertMayChangeUserFields(request.actor, member.target, [{ field: 'status', key: 'status', changed: true }]);
    await setMemberStatus(api.db, request.actor, member.row.id, 'deleted');
    return { data: { id: member.row.id } };
  });

  api.patch('/user/:id/restore', { schema: { tags: ['people'], params: userIdParamsSchema, response: { 200: memberIdResponseSchema } } }, async (request) => {
    const member = await memberOr404(api.db, request.actor, request.params.id);
    assertMayChangeUserFields(request.actor, member.target, [{ field: 'status', key: 'status', changed: true }]);
    await setMemberStatus(api.db, request.actor, member.row.id, 'active');
    return { data: { id: member.row.id } };
  });
};
