import { z } from 'zod';
import { CONFIDENCES } from '../rules/check-ins';
import { evaluationSchema } from './evaluations';
import { NOTIFICATION_KINDS } from './notifications';
import { keyResultSchema, objectiveSchema } from './objectives';
import { NOTIFICATION_CHANNELS } from './notification-settings';
import { THEME_CHOICES } from './preferences';
import { SESSION_CLIENTS } from './sessions';
import { API_TOKEN_SCOPES } from '../rules/api-tokens';
import { userExtrasSchema } from './people-extras';

// The right of access and portability (docs/personal-data.md 'Getting a copy'): GET
// /user/me/data-export and (admins, for requests that come by letter) GET
// /admin/users/{id}/data-export answer a zip whose data.json is this object, snake_case like every
// answer of the hub. Other people appear in it by name only: never their ids, addresses or fields.
// Secrets never: no password hash, session token, calendar feed secret or one-time password.
// Timestamps are ISO 8601 in UTC; days are YYYY-MM-DD.

export const PERSONAL_DATA_FORMAT = 'bitstone-hub-personal-data';
export const PERSONAL_DATA_VERSION = 1;

/** The two ways to the archive: one's own, and (admins) anyone's. */
export const OWN_DATA_EXPORT_PATH = '/user/me/data-export';
export const adminDataExportPath = (userId: number): string => `/admin/users/${userId}/data-export`;

const when = z.string().describe('ISO 8601 timestamp, UTC');
const day = z.string().describe('YYYY-MM-DD');
/** another person, named only */
const someone = z.string().describe('another person, by name only');

export const dataProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string().describe('active, or deleted for an archived account'),
  job: z.string().nullable(),
  /** spec §2 'Direct Manager' as set on the account */
  directManager: someone.nullable(),
  joinDate: day.nullable(),
  isOwner: z.boolean(),
  /** a picture address given instead of an uploaded picture */
  imageUrl: z.string().nullable(),
  firstLogin: z.boolean(),
  passwordMustChange: z.boolean(),
  lastLogin: when.nullable(),
  createdAt: when,
  updatedAt: when,
  /** Bitstone information, relevant experience, projects and personal information (spec §3) */
  extras: userExtrasSchema,
});

export const dataTeamSchema = z.object({
  team: z.string(),
  technology: z.string(),
  /** member (lead: true for a team lead), manager (teams manager), or previous (a team left) */
  relation: z.enum(['member', 'manager', 'previous']),
  lead: z.boolean(),
  teamStatus: z.string(),
});

export const dataRoleSchema = z.object({ name: z.string(), capabilities: z.array(z.string()) });

// the hub's own objective and key-result shapes, with people by name instead of person objects
// or ids, and the team by name. Picked, not omitted: a field the hub adds later reaches the archive
// only when personal-data.ts reads it.
const ownedOrWritten = {
  deadline: day,
  owner: z.string().describe('the owner, by name'),
  author: z.string().describe('who wrote it, by name'),
  createdAt: when,
  lastModificationDate: when,
};

export const dataObjectiveSchema = objectiveSchema
  .pick({ id: true, title: true, description: true, status: true, nextStatus: true, category: true, subcategory: true, priority: true, isPublic: true })
  .extend({ team: z.string().nullable(), ...ownedOrWritten });

export const dataKeyResultSchema = keyResultSchema
  .pick({ id: true, objectiveId: true, title: true, description: true, priority: true, status: true, nextStatus: true, percentage: true })
  .extend({ objective: z.string().describe("the objective's title"), ...ownedOrWritten });

export const dataCheckInSchema = z.object({
  id: z.number().int(),
  keyResultId: z.number().int(),
  keyResult: z.string().describe("the key result's title"),
  percent: z.number().int(),
  confidence: z.enum(CONFIDENCES),
  comment: z.string(),
  author: z.string().describe('who recorded it, by name'),
  createdAt: when,
});

// the hub's own evaluation shape, with the evaluator by name (someone) instead of user/author refs
export const dataEvaluationSchema = evaluationSchema
  .omit({ user: true, author: true, createdAt: true })
  .extend({ evaluator: someone, createdAt: when });

export const dataNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: when,
  readAt: when.nullable(),
  /** an approval request decided by someone */
  doneAt: when.nullable().optional(),
});

export const dataSignInSchema = z.object({
  at: when,
  username: z.string().describe('the username typed'),
  address: z.string(),
  success: z.boolean(),
  method: z.string().describe('password, oidc or ldap'),
});

/** A session by device, times and addresses only: never its token. */
export const dataSessionSchema = z.object({
  client: z.enum(SESSION_CLIENTS),
  userAgent: z.string().nullable(),
  firstSeenAt: when,
  firstAddress: z.string().nullable(),
  lastSeenAt: when,
  lastAddress: z.string().nullable(),
  expiresAt: when,
  endedAt: when.nullable(),
});

/** A personal API token by name, scope and dates only: never the token, nor its hash. */
export const dataApiTokenSchema = z.object({
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: when,
  expiresAt: when,
  lastUsedAt: when.nullable(),
  lastAddress: z.string().nullable(),
});

export const dataHolidaySchema = z.object({ title: z.string(), start: day, end: day, type: z.string() });

export const dataTimeTrackingSchema = z.object({
  /** the person's user in the time-tracking system, if they have one */
  account: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  tasks: z.array(z.object({ date: day, summary: z.string(), hours: z.number() })),
});

export const dataInvitationSchema = z.object({
  direction: z.enum(['sent', 'received']),
  /** sent: the invited person by name (once they have an account); received: who invited them */
  otherPerson: someone.nullable(),
  /** received only: the address the invitation went to (the person's own) */
  email: z.string().nullable(),
  createdAt: when,
});

export const dataAccountChangeSchema = z.object({
  at: when,
  action: z.string().describe('what changed: role, picture, extras, password-reset, ...'),
  by: someone.nullable().describe('who made the change, by name'),
});

export const dataAdminActionSchema = z.object({
  at: when,
  entity: z.string(),
  action: z.string(),
});

/** what the hub keeps of a calendar feed is a hash of its secret, so the archive names no address. */
export const CALENDAR_FEED_TOKEN_WITHHELD = 'token withheld';

export const dataCalendarFeedSchema = z.object({
  feed: z.string().describe('own, public, objectives or team-<id>'),
  name: z.string().describe('the feed as Settings → Calendar feeds names it'),
  /** when the current private address was made: the feed turned on, or its address last renewed */
  createdAt: when,
  token: z.literal(CALENDAR_FEED_TOKEN_WITHHELD).describe('the secret of the private address is never in the archive (the hub keeps only its hash)'),
});

export const dataFileSchema = z.object({
  /** the file's name inside the archive */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: when,
});

export const personalDataSchema = z.object({
  format: z.literal(PERSONAL_DATA_FORMAT),
  version: z.literal(PERSONAL_DATA_VERSION),
  generatedAt: when,
  profile: dataProfileSchema,
  role: dataRoleSchema.nullable(),
  teams: z.array(dataTeamSchema),
  /** objectives the person owns or wrote */
  objectives: z.array(dataObjectiveSchema),
  /** key results the person owns or wrote */
  keyResults: z.array(dataKeyResultSchema),
  /** check-ins the person recorded, and those recorded on key results they own */
  checkIns: z.array(dataCheckInSchema),
  /** evaluations about the person */
  evaluations: z.array(dataEvaluationSchema),
  notifications: z.array(dataNotificationSchema),
  /** the notification kinds the person switched off or back on (a kind not listed is on) */
  /** channel: how the kind reaches the person (null: a row from the release before, read from enabled and email) */
  notificationSettings: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), channel: z.enum(NOTIFICATION_CHANNELS).nullable(), enabled: z.boolean(), email: z.boolean().nullable() })),
  /** emailDigest: the release before's one daily digest choice, as it was left; weeklyDigest: Monday's digest of one's teams */
  preferences: z.object({ theme: z.enum(THEME_CHOICES), emailDigest: z.boolean(), weeklyDigest: z.boolean() }),
  signIns: z.array(dataSignInSchema),
  sessions: z.array(dataSessionSchema),
  /** the person's live API tokens (Settings → API tokens) */
  apiTokens: z.array(dataApiTokenSchema),
  holidays: z.array(dataHolidaySchema),
  timeTracking: dataTimeTrackingSchema,
  invitations: z.array(dataInvitationSchema),
  /** the calendar feeds the person has on (Settings → Calendar feeds) */
  calendarFeeds: z.array(dataCalendarFeedSchema),
  /** changes made to the person's account, from the audit log */
  accountChanges: z.array(dataAccountChangeSchema),
  /** what the person changed as an admin, from the audit log: kind and time, not whose record */
  adminActions: z.array(dataAdminActionSchema),
  /** the picture and VPN files, stored beside data.json in the archive */
  files: z.object({ picture: dataFileSchema.nullable(), vpnFiles: z.array(dataFileSchema) }),
}).describe('data.json of the personal data archive');
export type PersonalData = z.infer<typeof personalDataSchema>;
