import { z } from 'zod';
import { refSchema } from './common';
import { presenceField } from './whos-out';

/** The signed-in user with everything the shell and the permission rules need. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  imagePath: z.string().nullable(),
  status: z.enum(['active', 'deleted']),
  role: refSchema.nullable(),
  roleId: z.number().int().nullable(),
  job: refSchema.nullable(),
  team: z.array(refSchema),
  teamIds: z.array(z.number().int()),
  leadTeamIds: z.array(z.number().int()),
  managedTeamIds: z.array(z.number().int()),
  teamlead: refSchema.nullable(),
  isOwner: z.boolean(),
  isTeamLead: z.boolean(),
  isTeamsManager: z.boolean(),
  registered: z.boolean(),
  joinDate: z.string().nullable(),
  lastLogin: z.string().nullable(),
  capabilities: z.array(z.string()),
  accessLabel: z.enum(['Admin', 'User']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A member as listed in team views (my-team drawer, team-mates step). */
export const memberSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  imagePath: z.string().nullable(),
  job: refSchema.nullable(),
  isTeamLead: z.boolean(),
  registered: z.boolean(),
  invited: z.boolean().optional(),
  /** out today or soon; sent with the team mates list */
  presence: presenceField,
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
