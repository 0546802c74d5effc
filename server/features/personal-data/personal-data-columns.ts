import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { formerEmployeeName } from '../../../shared/api/personal-data-erasure';
import { usernameSkeleton } from '../../../shared/rules/username-skeleton';
import {
  auditLog, daysLeft, evaluations, files, holidayEvents, importRuns, invitations, jobs, keyResults, leases, links, loginEvents,
  objectives, previousTeams, roles, sessionActivity, sessions, settings, skills, teamManagers, teamMembers, teams,
  timetrackingAccounts, timetrackingTasks, users,
} from '../../db/schema';
import { objectiveLinks } from '../alignment';
import { keyResultCheckIns } from '../objectives';
import { desktopRequiredVersions } from '../desktop-updates';
import { notifications, notificationSettings } from '../notifications';
import { calendarFeeds } from '../holidays';
import { idempotencyKeys } from '../../db/schema-idempotency';
import { userPreferences } from '../settings';
import { retentionReminders, retentionRuns } from './retention-schema';
import { apiTokenActivity, apiTokens, oidcFlows } from '../auth';
import { outbox } from '../outbox';
import { webhookDeliveries, webhookEndpoints } from '../webhooks';

// Every column of every table, and whether it is personal. One classification for the
// erasure (Admin → Users → Erase personal data) and for docs/personal-data.md, whose test fails
// when a column of the schema is missing here or a column here has no line in the document: a new
// column cannot ship without someone deciding what it is.

/**
 * - `personal`: about one identified person. Either the row is theirs and goes with them
 *   (`deleteRows`), or the company keeps the row and erasure gives the column `erase`'s value.
 * - `reference`: a user id. Kept: it then points at 'Former employee #id', so records stay whole.
 * - `mentions`: free text others wrote, which may name the person; their name, username, email,
 *   phone, official name and personal email are replaced by 'Former employee #id'.
 * - `record`: the company's or the hub's own data, nothing about a person.
 */
export type ColumnClass = 'personal' | 'reference' | 'mentions' | 'record';

/** Who is being erased, as the erasure read them before it changed anything. */
export interface ErasedPerson {
  id: number;
  /** lower-cased, or null when the account had none */
  email: string | null;
  username: string;
  /** the anonymous username erasure gives the account (unique, see personal-data-erasure.ts) */
  formerUsername: string;
}

export interface ColumnRule {
  class: ColumnClass;
  /** The value a kept row about the person gets; only for `personal` and `mentions` columns of `aboutPerson` rows. */
  erase?: (person: ErasedPerson) => unknown;
}

export interface TableRule {
  table: PgTable;
  /** The person's own rows: deleted by erasure. */
  personRows?: (person: ErasedPerson) => SQL | undefined;
  /** Rows about the person the company keeps: their `erase` columns are overwritten. */
  aboutPerson?: (person: ErasedPerson) => SQL | undefined;
  columns: Record<string, ColumnRule>;
}

const record: ColumnRule = { class: 'record' };
const reference: ColumnRule = { class: 'reference' };
const mentions: ColumnRule = { class: 'mentions' };
/** personal, in a row that goes with the person */
const personal: ColumnRule = { class: 'personal' };
const erasedTo = (erase: ColumnRule['erase']): ColumnRule => ({ class: 'personal', erase });
const cleared = erasedTo(() => null);

const byEmail = (column: Parameters<typeof sql>[1], person: ErasedPerson) =>
  person.email ? sql`lower(${column}) = ${person.email}` : undefined;

export const PERSONAL_DATA_TABLES: TableRule[] = [
  {
    table: users,
    aboutPerson: (p) => eq(users.id, p.id),
    columns: {
      id: record,
      name: erasedTo((p) => formerEmployeeName(p.id)),
      username: erasedTo((p) => p.formerUsername),
      email: cleared,
      phone: cleared,
      // the company's structure, not about the person once they are anonymous
      status: record,
      job_id: record,
      role_id: record,
      teamlead_id: reference,
      is_owner: record,
      registered: record,
      join_date: cleared,
      picture_file_id: cleared,
      image_url: cleared,
      extras: erasedTo(() => ({})),
      password_hash: cleared,
      first_login: record,
      password_must_change: record,
      last_login: cleared,
      archived_at: record,
      // what the username and email look like (the look-alike check): they follow the name
      username_skeleton: erasedTo((p) => usernameSkeleton(p.formerUsername)),
      email_skeleton: cleared,
      created_at: record,
      updated_at: record,
    },
  },
  // the picture and the VPN file (files of links have no owner)
  { table: files, personRows: (p) => eq(files.ownerUserId, p.id), columns: { id: record, kind: record, owner_user_id: personal, name: personal, content_type: personal, size: personal, data: personal, created_at: personal } },
  { table: sessionActivity, personRows: (p) => inArray(sessionActivity.sessionId, sql`(select ${sessions.id} from ${sessions} where ${sessions.userId} = ${p.id})`), columns: { session_id: personal, last_seen_at: personal, last_address: personal } },
  { table: sessions, personRows: (p) => eq(sessions.userId, p.id), columns: { id: record, token_hash: personal, user_id: personal, created_at: personal, expires_at: personal, revoked_at: personal, client: personal, user_agent: personal, created_address: personal } },
  // attempts under the person's username or email too, not only the ones that reached the account
  {
    table: loginEvents,
    personRows: (p) => or(eq(loginEvents.userId, p.id), sql`lower(${loginEvents.username}) = ${p.username.toLowerCase()}`, byEmail(loginEvents.username, p)),
    columns: { id: record, user_id: personal, username: personal, address: personal, success: personal, method: personal, created_at: personal },
  },
  // a creating request's answer for its retries, 24 hours
  {
    table: idempotencyKeys,
    personRows: (p) => eq(idempotencyKeys.userId, p.id),
    columns: { user_id: personal, key: personal, route: personal, fingerprint: personal, status_code: personal, response: personal, created_at: personal, lease_expires_at: personal },
  },
  { table: notifications, personRows: (p) => eq(notifications.userId, p.id), columns: { id: record, user_id: personal, kind: personal, title: mentions, body: mentions, link: personal, created_at: personal, read_at: personal, dedupe_key: personal, objective_id: personal, done_at: personal } },
  { table: notificationSettings, personRows: (p) => eq(notificationSettings.userId, p.id), columns: { user_id: personal, kind: personal, channel: personal, enabled: personal, email: personal } },
  // e-mails to the person, queued, sent or failed: their address and what the message said
  {
    table: outbox,
    personRows: (p) => eq(outbox.recipientId, p.id),
    columns: {
      id: record, channel: personal, kind: personal, recipient_id: personal, payload: personal, message_id: personal, dedupe_key: personal, status: personal,
      attempts: personal, next_attempt_at: personal, lease_holder: personal, lease_until: personal, last_error: personal, created_at: personal, queued_at: personal,
      sent_at: personal, failed_at: personal,
    },
  },
  // admins were reminded this archived person is past the retention period
  { table: retentionReminders, personRows: (p) => eq(retentionReminders.userId, p.id), columns: { user_id: personal, archived_at: personal, reminded_at: personal } },
  { table: userPreferences, personRows: (p) => eq(userPreferences.userId, p.id), columns: { user_id: personal, theme: personal, email_digest: personal, weekly_digest: personal, updated_at: personal } },
  { table: apiTokenActivity, personRows: (p) => inArray(apiTokenActivity.tokenId, sql`(select ${apiTokens.id} from ${apiTokens} where ${apiTokens.userId} = ${p.id})`), columns: { token_id: personal, last_used_at: personal, last_address: personal } },
  { table: apiTokens, personRows: (p) => eq(apiTokens.userId, p.id), columns: { id: record, user_id: personal, name: personal, scope: personal, token_hash: personal, created_at: personal, expires_at: personal } },
  { table: calendarFeeds, personRows: (p) => eq(calendarFeeds.userId, p.id), columns: { id: record, user_id: personal, feed: personal, token_hash: personal, created_at: personal } },
  {
    table: evaluations,
    // evaluations about the person go; the ones they wrote about others stay, by 'Former employee #id'
    personRows: (p) => eq(evaluations.userId, p.id),
    columns: {
      id: record, user_id: personal, author_id: reference, created_at: personal,
      technical_expertise: mentions, teamwork: mentions, flexibility: mentions, results_focus: mentions, languages: mentions,
      continual_learning: mentions, safety_focus: mentions, communication: mentions, initiative: mentions, open_discussion: mentions, targets: mentions,
    },
  },
  { table: holidayEvents, personRows: (p) => eq(holidayEvents.userId, p.id), columns: { id: record, external_id: personal, user_id: personal, title: mentions, start: personal, end: personal, type: personal, team_ids: personal, updated_at: personal } },
  { table: daysLeft, personRows: (p) => byEmail(daysLeft.email, p), columns: { email: personal, days_left: personal, updated_at: personal } },
  { table: timetrackingAccounts, personRows: (p) => eq(timetrackingAccounts.userId, p.id), columns: { user_id: personal, external_user: personal } },
  { table: timetrackingTasks, personRows: (p) => eq(timetrackingTasks.userId, p.id), columns: { id: record, external_id: personal, user_id: personal, date: personal, summary: mentions, hours: personal } },
  {
    table: invitations,
    personRows: (p) => or(eq(invitations.inviterId, p.id), eq(invitations.inviteeId, p.id), byEmail(invitations.email, p)),
    columns: { id: record, inviter_id: personal, invitee_id: personal, email: personal, created_at: personal },
  },
  // the company's records: kept, by reference to the anonymous person
  {
    table: objectives,
    columns: {
      id: record, title: mentions, description: mentions, status: record, next_status: record, category: record, subcategory: record,
      priority: record, deadline: record, is_public: record, author_id: reference, owner_id: reference, team_id: record, created_at: record,
      last_modification_date: record, kr_total: record, kr_in_time: record, kr_overdue: record, overdue_after: record,
      level: record, rollup_mode: record, rolled_up_progress: record, supports_parent: record, complete_key_results: record,
    },
  },
  // alignment: which objective supports which; no person in it (the ends' owners are the objectives')
  {
    table: objectiveLinks,
    columns: { id: record, parent_objective_id: record, child_objective_id: record, child_key_result_id: record, weight: record, created_at: record },
  },
  {
    table: keyResults,
    columns: {
      id: record, objective_id: record, title: mentions, description: mentions, priority: record, deadline: record, status: record,
      next_status: record, owner_id: reference, author_id: reference, percentage: record, created_at: record, last_modification_date: record,
    },
  },
  { table: keyResultCheckIns, columns: { id: record, key_result_id: record, percent: record, confidence: record, comment: mentions, author_id: reference, created_at: record } },
  { table: teamMembers, columns: { user_id: reference, team_id: record, is_lead: record } },
  { table: previousTeams, columns: { user_id: reference, team_id: record } },
  { table: teamManagers, columns: { user_id: reference, team_id: record } },
  {
    table: auditLog,
    // who did what stays; what the rows about the person said of them goes
    aboutPerson: (p) => and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(p.id))),
    columns: { id: record, actor_id: reference, entity: record, entity_id: record, action: record, before: { class: 'mentions', erase: () => null }, after: { class: 'mentions', erase: () => null }, created_at: record, api_token_id: record, api_token_name: mentions },
  },
  { table: desktopRequiredVersions, columns: { platform: record, version: record, marked_by: reference, marked_at: record } },
  // an import's error message can quote a row (an unknown person's name)
  { table: importRuns, columns: { id: record, source: record, started_at: record, finished_at: record, status: record, rows: record, message: mentions, lease_expires_at: record } },
  { table: settings, columns: { key: record, value: mentions } },
  { table: roles, columns: { id: record, name: record, status: record, capabilities: record, created_at: record } },
  { table: jobs, columns: { id: record, name: record } },
  { table: teams, columns: { id: record, name: record, technology: record, status: record } },
  { table: skills, columns: { id: record, name: record } },
  { table: links, columns: { id: record, name: record, url: record, description: record, status: record, category: record, picture_file_id: record } },
  { table: retentionRuns, columns: { id: record, hub: record, started_at: record, finished_at: record, status: record, removed: record, reminded: record } },
  { table: leases, columns: { name: record, holder: record, expires_at: record } },
  // Admin → Webhooks: the company's endpoints, and what each delivery attempt was answered
  {
    table: webhookEndpoints,
    columns: {
      id: record, url: record, events: record, format: record, secret: record, previous_secret: record, previous_secret_until: record,
      include_private: record, enabled: record, failing_since: record, disabled_reason: record, created_at: record, updated_at: record,
    },
  },
  // a receiver's answer is its own text, which may echo a name the event carried
  {
    table: webhookDeliveries,
    columns: { id: record, endpoint_id: record, outbox_id: record, event: record, at: record, status_code: record, duration_ms: record, outcome: record, error: record, response: mentions },
  },
  // a sign-in in flight: no person is known until it completes, and rows live for minutes
  { table: oidcFlows, columns: { state: record, nonce: record, code_verifier: record, redirect_uri: record, created_at: record, expires_at: record, used_at: record } },
];

export const tableName = (table: PgTable) => getTableConfig(table).name;

/** 'table.column' of every classified column with its class, for the document's test. */
export function classifiedColumns(): Map<string, ColumnClass> {
  const out = new Map<string, ColumnClass>();
  for (const rule of PERSONAL_DATA_TABLES) {
    for (const [column, { class: kind }] of Object.entries(rule.columns)) out.set(`${tableName(rule.table)}.${column}`, kind);
  }
  return out;
}
