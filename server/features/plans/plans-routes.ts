import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLANS_MESSAGES, plansExportFile, plansExportQuerySchema, plansResponseSchema, teamPlansBodySchema } from '../../../shared/api/plans';
import { canSeeTeamPlans } from '../../../shared/rules/plans-access';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { openPlanPages } from './plans-data';
import { plansWorkbookStream } from './plans-xlsx';
import { sendXlsx } from '../../exports/xlsx-style';
import { badRequest, forbidden } from '../../http-errors';
import { activeTeamName, myPlans, myPlanScope, teamPlans, teamPlanScope } from './plans';

/** spec §6: only owners and teams managers may ask for a team's plan; the team must exist. */
async function teamOf(db: DbOrTx, actor: Actor, teamId: number): Promise<string> {
  if (!canSeeTeamPlans(actor)) throw forbidden(PLANS_MESSAGES.teamFilterForbidden);
  const name = await activeTeamName(db, teamId);
  if (name === null) throw badRequest(PLANS_MESSAGES.unknownTeam, 'team');
  return name;
}

// objective-tracking §7 GET and POST /user/plans; design §4 GET /exports/plans.xlsx (same rules).
export const planRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['plans'];

  api.get('/user/plans', { schema: { tags, response: { 200: plansResponseSchema } } }, async (request) => ({
    data: await myPlans(api.db, request.actor),
  }));

  api.post('/user/plans', { schema: { tags, body: teamPlansBodySchema, response: { 200: plansResponseSchema } } }, async (request) => {
    await teamOf(api.db, request.actor, request.body.team);
    return { data: await teamPlans(api.db, request.actor, request.body.team) };
  });

  api.get('/exports/plans.xlsx', { schema: { tags: ['exports'], querystring: plansExportQuerySchema } }, async (request, reply) => {
    const { team } = request.query;
    // streamed page by page: the largest team's plan goes out with flat memory
    if (team === undefined) return sendXlsx(reply, plansWorkbookStream(await openPlanPages(api.db, myPlanScope(request.actor))), plansExportFile());
    const name = await teamOf(api.db, request.actor, team);
    return sendXlsx(reply, plansWorkbookStream(await openPlanPages(api.db, teamPlanScope(request.actor, team))), plansExportFile(name));
  });
};
