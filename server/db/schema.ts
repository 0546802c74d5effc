import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Column names are snake_case (style.md); Drizzle maps them to camelCase properties.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status').notNull().default('active'),
  capabilities: jsonb('capabilities').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: tstz('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('roles_name_lower_idx').on(sql`lower(${t.name})`)]);

export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
}, (t) => [uniqueIndex('jobs_name_lower_idx').on(sql`lower(${t.name})`)]);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  technology: text('technology').notNull().default(''),
  status: text('status').notNull().default('active'),
}, (t) => [uniqueIndex('teams_name_lower_idx').on(sql`lower(${t.name})`)]);

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(), // picture | link_picture | ovpn
  ownerUserId: integer('owner_user_id'),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
}, (t) => [index('files_owner_kind_idx').on(t.ownerUserId, t.kind)]);

export interface UserExtras {
  bitstoneInfo?: {
    benefits?: string[];
    learningAndDev?: number;
    teamBuildings?: number;
    holidays?: number | null;
    currentRole?: string;
    about?: string;
  };
  relevantExperience?: Array<{ company: string; position: string; description?: string; startDate: string; endDate: string }>;
  projectsInfo?: Array<{ title: string; mainGoal?: string; responsabilities?: string; technicalSkills?: string }>;
  personalInfo?: {
    officialName?: string;
    birthdate?: string;
    personalEmailAddress?: string;
    hometown?: string;
    currentAddress?: string;
    education?: string[];
    skills?: Array<{ id: number; name: string }>;
    languages?: string[];
    hobbies?: string;
    currentRole?: string;
    about?: string;
    isVegan?: string;
  };
}

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  username: text('username').notNull(),
  email: text('email'),
  phone: text('phone'),
  status: text('status').notNull().default('active'),
  jobId: integer('job_id').references(() => jobs.id),
  roleId: integer('role_id').references(() => roles.id),
  teamleadId: integer('teamlead_id'),
  isOwner: boolean('is_owner').notNull().default(false),
  registered: boolean('registered').notNull().default(true),
  joinDate: date('join_date', { mode: 'string' }),
  pictureFileId: uuid('picture_file_id'),
  imageUrl: text('image_url'),
  extras: jsonb('extras').$type<UserExtras>().notNull().default(sql`'{}'::jsonb`),
  passwordHash: text('password_hash'),
  firstLogin: boolean('first_login').notNull().default(true),
  /** set by an admin's password reset; the hub allows only the password change until it is done */
  passwordMustChange: boolean('password_must_change').notNull().default(false),
  lastLogin: tstz('last_login'),
  /** when the person was archived (null while active); retention reminds admins from it */
  archivedAt: tstz('archived_at'),
  /**
   * What the username and the email's local part look like (shared/rules/username-skeleton.ts),
   * for the look-alike check. Written by the hub with the name; a trigger (migration 0017) sets
   * one back to null when anything else changes the name, and the hub fills nulls in again.
   */
  usernameSkeleton: text('username_skeleton'),
  emailSkeleton: text('email_skeleton'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  index('users_status_name_idx').on(t.status, t.name),
  index('users_name_lower_idx').on(sql`lower(${t.name})`),
  index('users_job_idx').on(t.jobId),
  index('users_role_idx').on(t.roleId),
  index('users_teamlead_idx').on(t.teamleadId),
  index('users_username_skeleton_idx').on(t.usernameSkeleton),
  index('users_email_skeleton_idx').on(t.emailSkeleton),
]);

/** Membership; isLead marks the team lead(s) of the team (isTeamLead flag of spec §3). */
export const teamMembers = pgTable('team_members', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
  isLead: boolean('is_lead').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.userId, t.teamId] }), index('team_members_team_idx').on(t.teamId)]);

export const previousTeams = pgTable('previous_teams', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.teamId] })]);

/** Teams a teams manager manages (isTeamsManager of spec §3 is "manages at least one"). */
export const teamManagers = pgTable('team_managers', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.teamId] }), index('team_managers_team_idx').on(t.teamId)]);

export const skills = pgTable('skills', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
}, (t) => [uniqueIndex('skills_name_lower_idx').on(sql`lower(${t.name})`)]);

export const links = pgTable('links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().default(''),
  description: text('description').notNull().default(''),
  status: text('status').notNull().default('active'),
  category: text('category').notNull(),
  pictureFileId: uuid('picture_file_id'),
}, (t) => [index('links_category_idx').on(t.category)]);

export const holidayEvents = pgTable('holiday_events', {
  id: serial('id').primaryKey(),
  externalId: text('external_id'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  start: date('start', { mode: 'string' }).notNull(),
  end: date('end', { mode: 'string' }).notNull(),
  type: text('type').notNull(),
  teamIds: integer('team_ids').array().notNull().default(sql`'{}'::int[]`),
  /** a calendar feed's LAST-MODIFIED; the import moves it only when the event changed */
  updatedAt: tstz('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('holiday_events_external_idx').on(t.externalId),
  index('holiday_events_range_idx').on(t.start, t.end),
  index('holiday_events_teams_idx').using('gin', t.teamIds),
  // 'Who's out': a page's people's current leave (user_id in the page, end from today)
  index('holiday_events_user_end_idx').on(t.userId, t.end),
]);

export const daysLeft = pgTable('days_left', {
  email: text('email').primaryKey(),
  daysLeft: integer('days_left'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A user is "in the time-tracking database" when they have an account row (spec §2). */
export const timetrackingAccounts = pgTable('timetracking_accounts', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  externalUser: text('external_user').notNull(),
});

export const timetrackingTasks = pgTable('timetracking_tasks', {
  id: serial('id').primaryKey(),
  externalId: text('external_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  summary: text('summary').notNull(),
  hours: numeric('hours', { precision: 6, scale: 2, mode: 'number' }).notNull(),
}, (t) => [
  uniqueIndex('timetracking_tasks_external_idx').on(t.externalId),
  index('timetracking_tasks_user_date_idx').on(t.userId, t.date),
]);

export const objectives = pgTable('objectives', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull().default('in progress'),
  nextStatus: text('next_status'),
  category: text('category').notNull(),
  subcategory: text('subcategory').notNull(),
  priority: text('priority').notNull(),
  deadline: date('deadline', { mode: 'string' }).notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  authorId: integer('author_id').notNull().references(() => users.id),
  ownerId: integer('owner_id').notNull().references(() => users.id),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastModificationDate: tstz('last_modification_date').notNull().defaultNow(),
  // the objective's key results (not deleted), and of them the completed ones in time
  // and overdue, kept by the key_results_counts trigger (migration 0004) on every write of a key
  // result, whoever writes it. Statistics by employee sum them instead of joining the key results
  // (or a table of counts) of every objective in scope. A completed key result's in-time/overdue
  // never changes with the clock (its last change against its deadline), so it is counted once.
  keyResultsTotal: integer('kr_total').notNull().default(0),
  keyResultsInTime: integer('kr_in_time').notNull().default(0),
  keyResultsOverdue: integer('kr_overdue').notNull().default(0),
  // the statistics' overdue rule without the clock, kept by the objectives_overdue_after
  // trigger (migration 0007) on every write: the objective is overdue while this day is before
  // today. A completed one is settled for good (its last change against its deadline day):
  // '-infinity' if late, 'infinity' if in time; any other one is overdue once its deadline day
  // has passed. Statistics compare one date per row instead of casting a timestamp in a CASE.
  overdueAfter: date('overdue_after', { mode: 'string' }).notNull().default('infinity'),
  // the alignment level: personal (every row before it), team or company (shared/rules/objective-levels.ts)
  level: text('level').notNull().default('personal'),
  // the roll-up mode: 'key_results' (the spec's progress, computed when read) or 'children' (rolled up
  // from what supports it, stored in rolled_up_progress by the hub in the transaction of each
  // change that moves it: server/features/alignment/alignment-rollup.ts)
  rollupMode: text('rollup_mode').notNull().default('key_results'),
  rolledUpProgress: integer('rolled_up_progress'),
  // for the statistics' alignment figure: whether the objective supports a parent not deleted, by its own link or a
  // key result's not deleted; kept by triggers on objective_links, key_results and objectives
  // (migration 0015), whoever writes, so the alignment figure is one more count of the grouped pass.
  supportsParent: boolean('supports_parent').notNull().default(false),
  // Completing with key results still in progress asks whether to complete them too
  // (shared/rules/objective-progress.ts): the answer, kept with a member's request until it is
  // decided (approving acts on it) and afterwards as the record of what was chosen. Null: never asked.
  completeKeyResults: boolean('complete_key_results'),
}, (t) => [
  index('objectives_owner_deadline_idx').on(t.ownerId, t.deadline),
  index('objectives_author_idx').on(t.authorId),
  index('objectives_team_deadline_idx').on(t.teamId, t.deadline),
  // a team's objectives in one status (the manager's and lead's usual filter), in
  // deadline order; without it PostgreSQL ANDed the team's bitmap with every objective of that
  // status (~100,000 'in progress' on the large company) to count a few hundred.
  index('objectives_team_status_deadline_idx').on(t.teamId, t.status, t.deadline),
  index('objectives_status_deadline_idx').on(t.status, t.deadline),
  // statistics read the objectives created in a period from this index alone (an
  // index-only scan): every column they group, filter or sum, narrower than the table's rows.
  index('objectives_statistics_idx').on(t.createdAt, t.status, t.teamId, t.category, t.ownerId, t.overdueAfter,
    t.keyResultsTotal, t.keyResultsInTime, t.keyResultsOverdue),
  // the same with the alignment figure's columns, so it too is read from the index alone.
  // It replaces objectives_statistics_idx, which the previous release still reads: that one is
  // dropped by a later release's contract step.
  index('objectives_statistics_aligned_idx').on(t.createdAt, t.status, t.teamId, t.category, t.ownerId, t.overdueAfter,
    t.keyResultsTotal, t.keyResultsInTime, t.keyResultsOverdue, t.level, t.supportsParent),
  index('objectives_public_idx').on(t.isPublic, t.deadline),
  index('objectives_category_idx').on(t.category),
  index('objectives_title_idx').on(t.title),
  // each list sort as an index in its exact order, so a page of a large list reads
  // its first rows from the index instead of sorting every visible objective.
  index('objectives_deadline_id_idx').on(t.deadline, t.id),
  index('objectives_created_id_idx').on(t.createdAt, t.id),
  index('objectives_title_id_idx').on(t.title, t.id),
  index('objectives_category_deadline_id_idx').on(t.category, t.deadline, t.id),
  // the alignment tree's top (company objectives, a team's objectives) and the
  // visibility rule's 'company objectives are everyone's' arm, which an OR of index scans needs
  index('objectives_level_team_deadline_idx').on(t.level, t.teamId, t.deadline),
]);

export const keyResults = pgTable('key_results', {
  id: serial('id').primaryKey(),
  objectiveId: integer('objective_id').notNull().references(() => objectives.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  priority: text('priority').notNull(),
  deadline: date('deadline', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('in progress'),
  nextStatus: text('next_status'),
  ownerId: integer('owner_id').notNull().references(() => users.id),
  authorId: integer('author_id').notNull().references(() => users.id),
  percentage: integer('percentage'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastModificationDate: tstz('last_modification_date').notNull().defaultNow(),
}, (t) => [index('key_results_objective_idx').on(t.objectiveId), index('key_results_owner_idx').on(t.ownerId)]);

export const evaluations = pgTable('evaluations', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').notNull().references(() => users.id),
  createdAt: tstz('created_at').notNull().defaultNow(),
  technicalExpertise: text('technical_expertise').notNull(),
  teamwork: text('teamwork').notNull(),
  flexibility: text('flexibility').notNull(),
  resultsFocus: text('results_focus').notNull(),
  languages: text('languages').notNull(),
  continualLearning: text('continual_learning').notNull(),
  safetyFocus: text('safety_focus').notNull(),
  communication: text('communication').notNull(),
  initiative: text('initiative').notNull(),
  openDiscussion: text('open_discussion').notNull(),
  targets: text('targets').notNull(),
}, (t) => [index('evaluations_user_created_idx').on(t.userId, t.createdAt)]);

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  revokedAt: tstz('revoked_at'),
  /** Settings → Sessions: how the session was opened, for the person to recognise it */
  client: text('client').notNull().default('web'), // desktop | web
  userAgent: text('user_agent'),
  createdAddress: text('created_address'),
}, (t) => [
  uniqueIndex('sessions_token_idx').on(t.tokenHash),
  index('sessions_user_idx').on(t.userId),
  // when a session ended (revoked or expired), which the retention job deletes by
  index('sessions_ended_idx').on(sql`least(${t.revokedAt}, ${t.expiresAt})`),
]);

/**
 * When a session was last used and from where. Its own table because a write to `sessions`
 * flushes every hub's session cache (migration 0006); this one is written often and flushes nothing.
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: integer('session_id').primaryKey().references(() => sessions.id, { onDelete: 'cascade' }),
  lastSeenAt: tstz('last_seen_at').notNull(),
  lastAddress: text('last_address'),
});

export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  inviterId: integer('inviter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  inviteeId: integer('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
}, (t) => [index('invitations_inviter_idx').on(t.inviterId)]);

/** Every sign-in attempt: feeds rate limiting (failures) and the statistics 'by login date' table. */
export const loginEvents = pgTable('login_events', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  address: text('address').notNull(),
  success: boolean('success').notNull(),
  /** how the person signed in ('password', 'oidc', 'ldap'; shared/api/sso.ts LOGIN_METHODS) */
  method: text('method').notNull().default('password'),
  createdAt: tstz('created_at').notNull().defaultNow(),
}, (t) => [
  index('login_events_username_idx').on(sql`lower(${t.username})`, t.createdAt),
  index('login_events_address_idx').on(t.address, t.createdAt),
  index('login_events_user_idx').on(t.userId, t.createdAt),
  // the retention job deletes the oldest in batches
  index('login_events_created_idx').on(t.createdAt),
]);

export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  /** the personal API token the change was made with (docs/api.md 'API tokens'); null for a signed-in session. No reference: the row outlives a revoked token */
  apiTokenId: integer('api_token_id'),
  apiTokenName: text('api_token_name'),
}, (t) => [index('audit_entity_idx').on(t.entity, t.entityId), index('audit_created_idx').on(t.createdAt)]);

// What the scheduled jobs and hub-wide settings keep, apart from the people and their work.
export { importRuns, leases, settings } from './schema-operations';
