import { z } from 'zod';
import { envelope, idSchema, pagedSchema, refSchema, shortText } from './common';
import { ENTITY_STATUSES, TABLE_PAGE_SIZES } from '../rules/constants';
import { NAME_MESSAGES } from '../rules/people-messages';

// The admin area's teams, jobs and users calls (design §4 table). Roles live in
// roles.ts, links in links.ts, the audit log in audit.ts.

/** A required, trimmed name (spec §5: 'Name is required.'). */
export const requiredName = (max = 100) =>
  z.string({ error: NAME_MESSAGES.required }).trim().min(1, NAME_MESSAGES.required).max(max, `Must be at most ${max} characters`);

export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /team/name-taken, /job/name-taken, /role/name-taken: the live check of spec §5. */
export const nameTakenQuerySchema = z.object({
  name: z.string().trim().max(200).default(''),
  /** the id being edited: its own name is not a clash */
  except: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const nameTakenResponseSchema = envelope(z.object({ taken: z.boolean() }));

// ── Teams (spec §3 Team; §7 createTeam: name, technology) ──
export const teamBodySchema = z.object({
  name: requiredName(),
  technology: shortText(100).trim().default(''),
});
export type TeamBody = z.infer<typeof teamBodySchema>;
export const adminTeamSchema = z.object({ id: z.number().int(), name: z.string(), technology: z.string(), status: z.enum(ENTITY_STATUSES) });
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const teamSavedResponseSchema = envelope(z.object({ team: adminTeamSchema }));

// ── Jobs (spec §3 Job; §7 createJob: name; answer shape data.jobs) ──
export const jobBodySchema = z.object({ name: requiredName() });
export type JobBody = z.infer<typeof jobBodySchema>;
export const adminJobSchema = z.object({ id: z.number().int(), name: z.string(), members: z.number().int() });
export type AdminJob = z.infer<typeof adminJobSchema>;
export const jobListResponseSchema = envelope(z.object({ jobs: z.array(adminJobSchema) }));
export const jobSavedResponseSchema = envelope(z.object({ job: adminJobSchema }));

export const deletedResponseSchema = envelope(z.object({ id: z.number().int() }));

// ── Users table (spec §2 Admin area: users table, paged on the hub) ──
export const ADMIN_USERS_DEFAULT_LIMIT = TABLE_PAGE_SIZES[0];
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_DEFAULT_LIMIT),
  search: z.string().trim().max(200).optional(),
  status: z.enum(ENTITY_STATUSES).default('active'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** names the personal data archive an admin downloads */
  username: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  team: z.array(refSchema),
  job: refSchema.nullable(),
  role: refSchema.nullable(),
  accessLabel: z.enum(['Admin', 'User']),
  joinDate: z.string().nullable(),
  status: z.enum(ENTITY_STATUSES),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUsersResponseSchema = envelope(pagedSchema(adminUserRowSchema));

/** PUT /admin/users/:id/role: the Access column (spec §3 editUser carries the role id). */
export const userRoleBodySchema = z.object({ roleId: idSchema('Role is required.') });
export const userRoleResponseSchema = envelope(z.object({ user: adminUserRowSchema }));

export const ADMIN_MESSAGES = {
  teamNotFound: 'There is no team with this id.',
  jobNotFound: 'There is no job with this id.',
  roleNotFound: 'There is no role with this id.',
  userNotFound: 'There is no member with this id.',
  roleUnknown: 'Role does not exist.',
} as const;
