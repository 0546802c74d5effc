import type { PersonalData } from '../../../shared/api/personal-data-export';
import { NOTIFICATION_CHANNEL_LABELS, WEEKLY_DIGEST_LABEL } from '../../../shared/api/notification-settings';
import { NOTIFICATION_KIND_LABELS } from '../../../shared/api/notifications';
import { channelOfRow } from '../notifications';
import { THEME_CHOICE_LABELS } from '../../../shared/api/preferences';
import { API_TOKEN_SCOPE_LABELS } from '../../../shared/rules/api-tokens';
import { EVALUATION_FIELDS } from '../../../shared/rules/constants';
import { EVALUATION_LABELS, ratingText } from '../../../shared/rules/evaluation-scale';
import { ColumnWidths, type WidthLimits } from '../../exports/column-widths';
import { HEADER_STYLE } from '../../exports/xlsx-style';
import { xlsxBuffer } from '../../exports/xlsx-writer';

// portability (docs/personal-data.md): data.json as a workbook a person reads without tools: a sheet per section, a
// styled header row (the exports' style), columns as wide as what they hold, real dates.

export const PERSONAL_DATA_COLUMN_WIDTHS: WidthLimits = { min: 12, max: 60 };

const STAMP = 'yyyy-mm-dd hh:mm';
const DAY = 'yyyy-mm-dd';
/** a timestamp's cell (UTC, as the JSON has it) */
const stamp = (iso: string | null) => (iso ? new Date(iso) : null);
/** a day's cell */
const day = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** 'personalEmailAddress' → 'Personal email address' */
const label = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export interface PersonalSheet {
  name: string;
  headers: string[];
  /** number formats by column index */
  formats?: Record<number, string>;
  rows: (data: PersonalData) => unknown[][];
}

function profileRows({ profile: p, role, timeTracking, preferences, notificationSettings }: PersonalData): unknown[][] {
  return [
    ['Name', p.name], ['Username', p.username], ['Email', p.email], ['Phone', p.phone], ['Status', p.status], ['Job', p.job],
    ['Direct manager', p.directManager], ['Join date', p.joinDate], ['Company owner', yesNo(p.isOwner)],
    ['Role', role?.name ?? null], ['Capabilities', role?.capabilities.join(', ') ?? null], ['Picture address', p.imageUrl],
    ['Last sign-in', p.lastLogin], ['Account created', p.createdAt], ['Account updated', p.updatedAt],
    ['First sign-in pending', yesNo(p.firstLogin)], ['Password change required', yesNo(p.passwordMustChange)],
    ['Time-tracking user', timeTracking.account], ['Days of holiday left', timeTracking.daysLeft],
    ['Theme', THEME_CHOICE_LABELS[preferences.theme]],
    ...notificationSettings.map((s) => [`Notification: ${NOTIFICATION_KIND_LABELS[s.kind]}`, NOTIFICATION_CHANNEL_LABELS[channelOfRow(s.kind, s)]]),
    [WEEKLY_DIGEST_LABEL, yesNo(preferences.weeklyDigest)],
  ];
}

const flat = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' && 'name' in v ? String(v.name) : String(v))).join(', ');
  return value ?? null;
};

function extrasRows({ profile: { extras } }: PersonalData): unknown[][] {
  const rows: unknown[][] = [];
  const section = (name: string, fields: Record<string, unknown> | undefined) => {
    for (const [key, value] of Object.entries(fields ?? {})) rows.push([name, label(key), flat(value)]);
  };
  section('Bitstone information', extras.bitstoneInfo);
  (extras.relevantExperience ?? []).forEach((e, i) => section(`Relevant experience ${i + 1}`, e));
  (extras.projectsInfo ?? []).forEach((p, i) => section(`Project ${i + 1}`, p));
  section('Personal information', extras.personalInfo);
  return rows;
}

export const PERSONAL_SHEETS: readonly PersonalSheet[] = [
  { name: 'Profile', headers: ['Field', 'Value'], rows: profileRows },
  { name: 'Extra details', headers: ['Section', 'Field', 'Value'], rows: extrasRows },
  {
    name: 'Teams', headers: ['Team', 'Technology', 'Relation', 'Team lead', 'Team status'],
    rows: (d) => d.teams.map((t) => [t.team, t.technology, t.relation, yesNo(t.lead), t.teamStatus]),
  },
  {
    name: 'Objectives', formats: { 8: DAY, 13: STAMP, 14: STAMP },
    headers: ['Id', 'Title', 'Description', 'Status', 'Next status', 'Category', 'Subcategory', 'Priority', 'Deadline', 'Public', 'Team', 'Owner', 'Author', 'Created', 'Last changed'],
    rows: (d) => d.objectives.map((o) => [o.id, o.title, o.description, o.status, o.nextStatus, o.category, o.subcategory, o.priority, day(o.deadline),
      yesNo(o.isPublic), o.team, o.owner, o.author, stamp(o.createdAt), stamp(o.lastModificationDate)]),
  },
  {
    name: 'Key results', formats: { 6: DAY, 12: STAMP, 13: STAMP },
    headers: ['Id', 'Objective', 'Title', 'Description', 'Priority', 'Status', 'Deadline', 'Next status', 'Progress %', 'Owner', 'Author', 'Objective id', 'Created', 'Last changed'],
    rows: (d) => d.keyResults.map((k) => [k.id, k.objective, k.title, k.description, k.priority, k.status, day(k.deadline), k.nextStatus, k.percentage,
      k.owner, k.author, k.objectiveId, stamp(k.createdAt), stamp(k.lastModificationDate)]),
  },
  {
    name: 'Check-ins', formats: { 0: STAMP },
    headers: ['Date', 'Key result', 'Progress %', 'Confidence', 'Comment', 'Recorded by'],
    rows: (d) => d.checkIns.map((c) => [stamp(c.createdAt), c.keyResult, c.percent, c.confidence.replace('_', ' '), c.comment, c.author]),
  },
  {
    name: 'Evaluations', formats: { 0: STAMP },
    headers: ['Date', 'Evaluator', ...EVALUATION_FIELDS.map((f) => EVALUATION_LABELS[f])],
    rows: (d) => d.evaluations.map((e) => [stamp(e.createdAt), e.evaluator, ...EVALUATION_FIELDS.map((f) => (f === 'targets' ? e[f] : ratingText(e[f])))]),
  },
  {
    name: 'Notifications', formats: { 0: STAMP, 5: STAMP, 6: STAMP },
    headers: ['Date', 'Kind', 'Title', 'Text', 'Link', 'Read', 'Done'],
    rows: (d) => d.notifications.map((n) => [stamp(n.createdAt), NOTIFICATION_KIND_LABELS[n.kind], n.title, n.body, n.link, stamp(n.readAt), stamp(n.doneAt ?? null)]),
  },
  {
    name: 'Sign-ins', formats: { 0: STAMP },
    headers: ['Date', 'Username typed', 'Address', 'Succeeded', 'Method'],
    rows: (d) => d.signIns.map((s) => [stamp(s.at), s.username, s.address, yesNo(s.success), s.method]),
  },
  {
    name: 'Sessions', formats: { 2: STAMP, 4: STAMP, 6: STAMP, 7: STAMP },
    headers: ['App', 'Browser or device', 'First seen', 'First address', 'Last seen', 'Last address', 'Expires', 'Ended'],
    rows: (d) => d.sessions.map((s) => [s.client, s.userAgent, stamp(s.firstSeenAt), s.firstAddress, stamp(s.lastSeenAt), s.lastAddress, stamp(s.expiresAt), stamp(s.endedAt)]),
  },
  {
    name: 'API tokens', formats: { 2: STAMP, 3: STAMP, 4: STAMP },
    headers: ['Name', 'Scope', 'Created', 'Expires', 'Last used', 'Last address'],
    rows: (d) => d.apiTokens.map((t) => [t.name, API_TOKEN_SCOPE_LABELS[t.scope], stamp(t.createdAt), stamp(t.expiresAt), stamp(t.lastUsedAt), t.lastAddress]),
  },
  {
    name: 'Holidays', formats: { 1: DAY, 2: DAY },
    headers: ['Title', 'Start', 'End', 'Type'],
    rows: (d) => d.holidays.map((h) => [h.title, day(h.start), day(h.end), h.type]),
  },
  {
    name: 'Time tracking', formats: { 0: DAY },
    headers: ['Date', 'Summary', 'Hours'],
    rows: (d) => d.timeTracking.tasks.map((t) => [day(t.date), t.summary, t.hours]),
  },
  {
    name: 'Invitations', formats: { 0: STAMP },
    headers: ['Date', 'Sent or received', 'Other person', 'Address'],
    rows: (d) => d.invitations.map((i) => [stamp(i.createdAt), i.direction, i.otherPerson, i.email]),
  },
  {
    name: 'Calendar feeds', formats: { 2: STAMP },
    headers: ['Feed', 'Key', 'Address made', 'Private address'],
    rows: (d) => d.calendarFeeds.map((f) => [f.name, f.feed, stamp(f.createdAt), f.token]),
  },
  {
    name: 'Account changes', formats: { 0: STAMP },
    headers: ['Date', 'Change', 'Made by'],
    rows: (d) => d.accountChanges.map((c) => [stamp(c.at), c.action, c.by]),
  },
  {
    name: 'Admin actions', formats: { 0: STAMP },
    headers: ['Date', 'Area', 'Action'],
    rows: (d) => d.adminActions.map((a) => [stamp(a.at), a.entity, a.action]),
  },
  {
    name: 'Files', formats: { 4: STAMP },
    headers: ['File in the archive', 'Kind', 'Type', 'Bytes', 'Uploaded'],
    rows: ({ files: { picture, vpnFiles } }) => [
      ...(picture ? [[picture.fileName, 'Picture', picture.contentType, picture.size, stamp(picture.uploadedAt)]] : []),
      ...vpnFiles.map((f) => [f.fileName, 'VPN file', f.contentType, f.size, stamp(f.uploadedAt)]),
    ],
  },
];

/** A cell as wide as the spreadsheet shows it: a timestamp takes its whole format. */
const shown = (formats: Record<number, string>) => (cell: unknown, i: number) => (cell instanceof Date && formats[i] === STAMP ? STAMP : cell);

export function personalDataWorkbook(data: PersonalData): Buffer {
  return xlsxBuffer((workbook) => {
    for (const { name, headers, formats = {}, rows } of PERSONAL_SHEETS) {
      const cells = rows(data);
      const widths = new ColumnWidths(headers);
      cells.forEach((row) => widths.measure(row.map(shown(formats))));
      const columns = widths.widths(PERSONAL_DATA_COLUMN_WIDTHS).map((width, i) => ({ width, style: formats[i] ? { numFmt: formats[i] } : undefined }));
      const ws = workbook.addSheet(name, { frozenRows: 1, columns });
      ws.addRow(headers, HEADER_STYLE);
      for (const row of cells) ws.addRow(row, { wrap: true });
      ws.end();
    }
  }, { title: `${data.profile.name}: personal data`, created: new Date(data.generatedAt) });
}
