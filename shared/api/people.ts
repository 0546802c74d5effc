import { z } from 'zod';
import { envelope, idSchema, isoDateSchema, pagedSchema, queryBoolean, refSchema } from './common';
import { USER_STATUSES } from '../rules/constants';
import { MEMBER_MESSAGES } from '../rules/people-messages';
import { USER_FIELD_MESSAGES } from '../rules/user-fields';
import { userExtrasSchema } from './people-extras';
import { usernameSchema } from './username';
import { PRESENCE_FILTERS, presenceField } from './whos-out';

// The people calls of design §4 (directory, profile, member dialog).

/** A query value that may arrive once (`teams=1`) or repeated (`teams=1&teams=2`). */
const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(200));


/** GET /user and GET /exports/users.xlsx: the directory filters of spec §2. */
export const directoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(48),
  search: z.string().trim().max(200).optional(),
  teams: listOf(z.coerce.number().int().positive().max(2_147_483_647)),
  jobs: listOf(z.coerce.number().int().positive().max(2_147_483_647)),
  projects: listOf(z.string().max(300)),
  /** skill names (GET /skill); the skill search: people with any of them, most matches first */
  skills: listOf(z.string().trim().min(1).max(100)),
  teamLeads: queryBoolean.default(false),
  status: z.enum(USER_STATUSES).default('active'),
  /** 'Out today' or 'In today' */
  presence: z.enum(PRESENCE_FILTERS).optional(),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;
/** What the screen holds before it becomes a query (arrays may be empty; no skills when left out). */
export type DirectoryFilters = Omit<DirectoryQuery, 'page' | 'limit' | 'skills'> & { skills?: string[] };

export const directoryMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imagePath: z.string().nullable(),
  job: refSchema.nullable(),
  isTeamLead: z.boolean(),
  joinDate: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  /** out today or soon */
  presence: presenceField,
});
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;
export const directoryResponseSchema = envelope(pagedSchema(directoryMemberSchema));

/** GET /user/team-leads, /user/job-titles: choices for the filters and the member dialog. */
export const refListResponseSchema = envelope(z.object({ items: z.array(refSchema) }));
/** GET /user/project-titles */
export const titleListResponseSchema = envelope(z.object({ items: z.array(z.string()) }));

export const teamListItemSchema = z.object({ id: z.number().int(), name: z.string(), technology: z.string(), status: z.enum(USER_STATUSES) });
export type TeamListItem = z.infer<typeof teamListItemSchema>;
/** GET /team (spec §7 answer shape: data.teams); ?all=true includes deleted teams. */
export const teamListResponseSchema = envelope(z.object({ teams: z.array(teamListItemSchema) }));
export const teamListQuerySchema = z.object({ all: queryBoolean.default(false) });

/**
 * GET /user/:id — the profile as THIS viewer may see it (spec §2, §6): the hub leaves out
 * `previousTeam` and `role` for non-privileged viewers and strips the extras they may not see.
 */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  imagePath: z.string().nullable(),
  joinDate: z.string().nullable(),
  job: refSchema.nullable(),
  team: z.array(refSchema),
  /** spec §2 'Direct Manager': the set manager, else the lead of one of the member's teams */
  teamlead: refSchema.nullable(),
  /** the manager set on the member (users.teamlead_id); what the member dialog edits */
  teamleadId: z.number().int().nullable(),
  isTeamLead: z.boolean(),
  /** privileged viewers only */
  previousTeam: z.array(refSchema).optional(),
  /** privileged viewers only (the 'Access' row) */
  role: refSchema.nullable().optional(),
  extras: userExtrasSchema,
  /** out today or soon */
  presence: presenceField,
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = envelope(z.object({ user: profileSchema }));

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const idRequired = (message: string) => idSchema(message);

/** spec §5 member rules; the member dialog and POST/PUT /user validate with this one schema. */
export const memberFieldsSchema = z.object({
  name: required(MEMBER_MESSAGES.name).max(200),
  email: required(MEMBER_MESSAGES.email).max(200).pipe(z.email('Email is invalid.')),
  phone: required(MEMBER_MESSAGES.phone).max(50),
  teamIds: z.array(idSchema(), { error: MEMBER_MESSAGES.team }).min(1, MEMBER_MESSAGES.team).max(50),
  jobId: idRequired(MEMBER_MESSAGES.job),
  teamleadId: idSchema().nullable().optional(),
  joinDate: isoDateSchema.nullable().optional(),
  username: usernameSchema.optional(),
});

/** POST /user: the join date is required when adding (spec §5). */
export const createMemberSchema = memberFieldsSchema.extend({
  joinDate: z.string({ error: MEMBER_MESSAGES.joinDate }).min(1, MEMBER_MESSAGES.joinDate).pipe(isoDateSchema),
});
export type CreateMemberBody = z.infer<typeof createMemberSchema>;
export const updateMemberSchema = memberFieldsSchema;

/** What POST /user, PUT /user/:id, their team, delete and restore routes answer: the member's id. */
export const memberIdResponseSchema = envelope(z.object({ id: z.number().int() }));
export type UpdateMemberBody = z.infer<typeof updateMemberSchema>;

/** POST /user/teams (spec §6: owners edit a user's teams and line-manager flag). */
export const userTeamsBodySchema = z.object({
  userId: idSchema(),
  teams: z.array(idSchema()).max(50),
  isLineManager: z.boolean(),
});

export const MEMBER_CONFLICT = {
  email: 'Email is already used by another member.',
  username: 'Username is already used by another member.',
  unknownTeam: 'Team does not exist.',
  unknownJob: 'Job does not exist.',
  unknownManager: 'Direct manager does not exist.',
  archiveSelf: USER_FIELD_MESSAGES.archiveSelf,
  notFound: 'There is no member with this id.',
  alreadyArchived: 'This member is already archived.',
} as const;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
