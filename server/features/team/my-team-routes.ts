import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteBodySchema } from '../../../shared/api/auth';
import {
  inviteResponseSchema,
  teamDetailsParamsSchema,
  teamDetailsResponseSchema,
  teamLeadResponseSchema,
  teamMembersResponseSchema,
} from '../../../shared/api/my-team';
import { canInviteTeamMates, canSeeMyTeam, canSeeTeamDetailsOf } from '../../../shared/rules/permissions';
import { forbidden, notFound } from '../../http-errors';
import { inviteTeamMate, teamDetails, teamLead, teamMates } from './my-team';
import { loadSessionUser } from '../auth';

// The team calls of the login stepper and the my-team drawer (spec §2, §4).
export const myTeamRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/user/team', { schema: { tags: ['team'], response: { 200: teamMembersResponseSchema } } }, async (request) => ({
    data: { items: await teamMates(api.db, request.actor) },
  }));

  api.get('/user/team-lead', { schema: { tags: ['team'], response: { 200: teamLeadResponseSchema } } }, async (request) => ({
    data: { user: await teamLead(api.db, request.actor) },
  }));

  api.post('/user/invite-in-team', { schema: { tags: ['team'], body: inviteBodySchema, response: { 200: inviteResponseSchema } } }, async (request) => {
    // objective-tracking §2: the 'See team mates' step and its invite buttons are for team leads
    if (!canInviteTeamMates(request.actor)) throw forbidden();
    return { data: { member: await inviteTeamMate(api.db, request.actor, request.body.teamMemberEmail) } };
  });

  api.get('/teamDetails', { schema: { tags: ['team'], response: { 200: teamDetailsResponseSchema } } }, async (request) => {
    // spec §2/§6: the my-team button is for team leads, owners and teams managers
    if (!canSeeMyTeam(request.actor)) throw forbidden();
    return { data: { teams: await teamDetails(api.db, request.actor, request.actor.id) } };
  });

  api.get(
    '/teamDetails/:userId',
    { schema: { tags: ['team'], params: teamDetailsParamsSchema, response: { 200: teamDetailsResponseSchema } } },
    async (request) => {
      const target = await loadSessionUser(api.db, request.params.userId);
      if (!target) throw notFound('There is no active member with this id.');
      if (!canSeeTeamDetailsOf(request.actor, target.user)) throw forbidden();
      return { data: { teams: await teamDetails(api.db, target.user, request.actor.id) } };
    },
  );
};
