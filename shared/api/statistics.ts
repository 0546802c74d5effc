import { z } from 'zod';
import { envelope, isoDateSchema, refSchema } from './common';

// objective-tracking §3 Statistics and §7 GET /statistics (team, job, from, to). Every figure is
// computed by the hub; the screen only draws and lists them.

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** from/to are calendar days, both included; the hub defaults to the last 6 months (§9). */
export const statisticsQuerySchema = z
  .object({ team: id.optional(), job: id.optional(), from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['from'] });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const split = { inTime: z.number().int(), overdue: z.number().int() };
const count = z.number().int();

export const statusEntrySchema = z.object({ status: z.string(), ...split, percent: z.number() });
export const categoryEntrySchema = z.object({ category: z.string(), ...split, percent: z.number() });

export const byTeamEntrySchema = z.object({
  team: refSchema,
  statusDistribution: z.array(z.object({ status: z.string(), ...split, total: count })),
  /** objectives of the team */
  total: count,
  /** the team's share of all objectives in the statistics, in % */
  percent: z.number(),
  /** check-ins: key results whose latest check-in is at risk or off track (offTrack: of them, off track) */
  atRisk: count,
  offTrack: count,
});

export const byEmployeeEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  team: z.string(),
  objectivesNumber: count,
  completedObjectives: z.object(split),
  keyResultsNumber: count,
  completedKeyResults: z.object(split),
});

export const byLoginEntrySchema = z.object({ date: z.string(), logins: count, users: count });

/** alignment: a team's objectives (company ones left out: they support nothing) and how many support a team or company objective. */
export const alignmentTeamEntrySchema = z.object({ team: refSchema, objectives: count, supporting: count, percent: z.number() });

/** A company objective nothing supports (company objectives are everyone's to see). */
export const unsupportedObjectiveSchema = z.object({ id: z.number().int(), title: z.string(), status: z.string(), deadline: z.string(), owner: refSchema });

export const statisticsAlignmentSchema = z.object({
  /** every team's, and those of no team; company objectives are left out */
  objectives: count,
  /** the company objectives in scope, left out of `objectives`: they are what the others support (missing from a hub of an earlier release) */
  company: count.optional(),
  supporting: count,
  percent: z.number(),
  byTeam: z.array(alignmentTeamEntrySchema),
  /** the first UNSUPPORTED_ROWS by deadline; total counts them all */
  unsupported: z.object({ items: z.array(unsupportedObjectiveSchema), total: count }),
});

/**
 * The objectives in the statistics that byTeam leaves out, as no team holds them: company
 * objectives (they belong to no team) and those whose team was deleted since. byStatus and
 * byCategory count them; byTeam's totals plus these make byStatus.total.
 */
export const noTeamSchema = z.object({ company: count, teamDeleted: count });

export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  allTeams: z.array(refSchema),
  byLogin: z.array(byLoginEntrySchema),
  byStatus: z.object({ items: z.array(statusEntrySchema), total: count }),
  byCategory: z.object({ items: z.array(categoryEntrySchema), total: count }),
  byTeam: z.array(byTeamEntrySchema),
  /** missing from a hub of an earlier release */
  noTeam: noTeamSchema.optional(),
  byEmployee: z.array(byEmployeeEntrySchema),
  /** the alignment figures; missing from a hub of the previous release */
  alignment: statisticsAlignmentSchema.optional(),
});
export type Statistics = z.infer<typeof statisticsSchema>;
export type StatusEntry = z.infer<typeof statusEntrySchema>;
export type CategoryEntry = z.infer<typeof categoryEntrySchema>;
export type ByTeamEntry = z.infer<typeof byTeamEntrySchema>;
export type ByEmployeeEntry = z.infer<typeof byEmployeeEntrySchema>;
export type ByLoginEntry = z.infer<typeof byLoginEntrySchema>;
export type StatisticsAlignment = z.infer<typeof statisticsAlignmentSchema>;
export type NoTeamCounts = z.infer<typeof noTeamSchema>;
export type AlignmentTeamEntry = z.infer<typeof alignmentTeamEntrySchema>;
export type UnsupportedObjective = z.infer<typeof unsupportedObjectiveSchema>;

export const statisticsResponseSchema = envelope(statisticsSchema);

/** §9: the login table lists the first 20 entries. */
export const LOGIN_ROWS = 20;
/** alignment: the unsupported company objectives listed (by deadline); the card says how many more. */
export const UNSUPPORTED_ROWS = 50;
/** §9: default range, the last 6 months. */
export const DEFAULT_RANGE_MONTHS = 6;

export const STATISTICS_MESSAGES = {
  teamFilterOwnerOnly: 'Only owners may filter statistics by team.',
} as const;
