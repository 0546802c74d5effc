import { z } from 'zod';
import { supportedRefSchema } from './alignment';
import { envelope, refSchema } from './common';

// objective-tracking §3 Plans ({items, plans}) and §7 GET/POST /user/plans (design §4: body team).

export const planKeyResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  deadline: z.string(),
  percentage: z.number().int().nullable(),
  /** shared/rules/objective-progress.ts: its score when completed, else its latest check-in */
  progress: z.number().int().min(0).max(100).optional(),
});

export const planObjectiveSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  category: z.string(),
  priority: z.string(),
  deadline: z.string(),
  owner: refSchema,
  team: refSchema.nullable(),
  /** shared/rules/objective-progress.ts, the figure the cards show (missing from a hub of the previous release) */
  progress: z.number().int().min(0).max(100).optional(),
  keyResults: z.array(planKeyResultSchema),
  /** what it (or one of its key results) supports; null is 'a private objective' */
  supports: z.array(supportedRefSchema).default([]),
});
export type PlanObjective = z.infer<typeof planObjectiveSchema>;

/** §3: a summary per member. */
export const planSummarySchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  team: z.string(),
  completedObjectives: z.number().int(),
  overdueObjectives: z.number().int(),
  totalObjectives: z.number().int(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const plansSchema = z.object({ items: z.array(planObjectiveSchema), plans: z.array(planSummarySchema) });
export type Plans = z.infer<typeof plansSchema>;
export const plansResponseSchema = envelope(plansSchema);

const teamId = z.number({ error: 'Team is required' }).int('Team is required').positive('Team is required').max(2_147_483_647);
export const teamPlansBodySchema = z.object({ team: teamId });
export const plansExportQuerySchema = z.object({ team: z.coerce.number().int().positive().max(2_147_483_647).optional() });

export const PLANS_MESSAGES = {
  teamFilterForbidden: 'Only owners and teams managers may see the plans of a team.',
  unknownTeam: 'Team does not exist.',
} as const;
export const PLANS_EXPORT_FILE = 'plans.xlsx';
export const plansExportFile = (team?: string) => (team ? `${team} plans.xlsx` : PLANS_EXPORT_FILE);
