import { z } from 'zod';
import { envelope } from './common';
import { memberSummarySchema } from './users';

// Team endpoints used at sign-in and by the my-team drawer (design §4 table).

/** GET /user/team: members of the teams I belong to or lead, without me. */
export const teamMembersResponseSchema = envelope(z.object({ items: z.array(memberSummarySchema) }));

/** GET /user/team-lead: my direct manager, or the lead of my team; null when neither is set. */
export const teamLeadResponseSchema = envelope(z.object({ user: memberSummarySchema.nullable() }));

/** POST /user/invite-in-team answers with the invited member (invited: true). */
export const inviteResponseSchema = envelope(z.object({ member: memberSummarySchema }));

export const teamDetailsTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(memberSummarySchema),
});
export type TeamDetailsTeam = z.infer<typeof teamDetailsTeamSchema>;

/** GET /teamDetails and /teamDetails/:userId: the my-team drawer. */
export const teamDetailsResponseSchema = envelope(z.object({ teams: z.array(teamDetailsTeamSchema) }));

export const teamDetailsParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

export const INVITE_MESSAGES = {
  unknownEmail: 'There is no active member with this email.',
  self: 'You cannot invite yourself.',
} as const;
