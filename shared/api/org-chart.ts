import { z } from 'zod';
import { envelope, queryBoolean } from './common';
import { presenceField } from './whos-out';

// GET /org-chart: everyone the viewer's directory shows, as a flat list the
// renderer turns into a tree. One list rather than nested nodes keeps 2,000 people one small answer.

export const orgChartQuerySchema = z.object({
  /** archived people too; needs view-archived-users, like the directory's 'Deleted' status */
  includeArchived: queryBoolean.default(false),
});
export type OrgChartQuery = z.infer<typeof orgChartQuerySchema>;

export const orgChartPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  imagePath: z.string().nullable(),
  teams: z.array(z.string()),
  /**
   * The direct manager as the profile shows it (the set manager, else the lead of one of the
   * person's teams); null at the top or when the manager is not among the people sent.
   */
  managerId: z.number().int().nullable(),
  status: z.enum(['active', 'deleted']),
  /** out today or soon */
  presence: presenceField,
});
export type OrgChartPerson = z.infer<typeof orgChartPersonSchema>;

export const orgChartResponseSchema = envelope(z.object({ people: z.array(orgChartPersonSchema) }));
