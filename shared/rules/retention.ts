// Personal data handled as the law asks (docs/personal-data.md 'How long'): how long each kind of
// record that need not live for ever is kept. One truth for the hub's validation, the Admin →
// Retention form and the run summaries; the reasons behind each default are in docs/operations.md
// 'Retention'.

export const RETENTION_KINDS = ['signInEvents', 'endedSessions', 'readNotifications', 'sentMessages', 'importRuns', 'auditLog', 'archivedPeople'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The kinds the scheduled job deletes; archived people are only reminded about (erasure cannot be undone). */
export const PURGED_KINDS = ['signInEvents', 'endedSessions', 'readNotifications', 'sentMessages', 'importRuns', 'auditLog'] as const satisfies readonly RetentionKind[];

/**
 * Kinds added after Admin → Retention first shipped: a PUT from an app of before may leave them
 * out, and they keep their period.
 */
export const LATER_RETENTION_KINDS = ['sentMessages'] as const satisfies readonly RetentionKind[];
export type PurgedKind = (typeof PURGED_KINDS)[number];

/** Days each kind is kept; null keeps it for ever (only where `forever` allows it). */
export type RetentionPeriods = Record<RetentionKind, number | null>;

export interface RetentionRule {
  label: string;
  /** what the period counts from, as the form's hint says it */
  from: string;
  defaultDays: number;
  minDays: number;
  maxDays: number;
  /** keeping it for ever is a choice an admin may make (no personal data that needs an end) */
  forever: boolean;
}

export const RETENTION_RULES: Record<RetentionKind, RetentionRule> = {
  // a year: Statistics' sign-ins per day read up to a year back; addresses never kept for ever
  signInEvents: { label: 'Sign-in events', from: 'after the attempt', defaultDays: 365, minDays: 30, maxDays: 1095, forever: false },
  // device, browser and address help look into a suspicious sign-in reported weeks later
  endedSessions: { label: 'Ended sessions', from: 'after the session ended', defaultDays: 90, minDays: 7, maxDays: 730, forever: false },
  // unread notifications are never removed, whatever their age
  readNotifications: { label: 'Read notifications', from: 'after they were read', defaultDays: 180, minDays: 7, maxDays: 730, forever: false },
  // the outbox's rows hold addresses, names and what was said: long enough to answer 'did it go?'
  sentMessages: { label: 'Sent and failed e-mails', from: 'after they were sent or failed', defaultDays: 30, minDays: 7, maxDays: 365, forever: false },
  importRuns: { label: 'Import runs', from: 'after the run ended', defaultDays: 365, minDays: 7, maxDays: 3650, forever: true },
  // three years: the usual limitation period for claims; at least one, so a short period cannot
  // wipe the trail of recent changes (the change of the period is itself in the log)
  auditLog: { label: 'Audit log entries', from: 'after the change', defaultDays: 1095, minDays: 365, maxDays: 3650, forever: true },
  // a reminder to admins, never an automatic erasure
  archivedPeople: { label: 'Archived people', from: 'after they were archived', defaultDays: 365, minDays: 30, maxDays: 3650, forever: true },
};

export const DEFAULT_RETENTION: RetentionPeriods = Object.fromEntries(
  RETENTION_KINDS.map((kind) => [kind, RETENTION_RULES[kind].defaultDays]),
) as RetentionPeriods;

const count = (n: number) => n.toLocaleString('en-US');

/** The one message for every way a kind's period can be wrong (400 per field, and the form). */
export function retentionMessage(kind: RetentionKind): string {
  const rule = RETENTION_RULES[kind];
  const range = `between ${count(rule.minDays)} and ${count(rule.maxDays)} days`;
  return rule.forever ? `${rule.label}: ${range}, or empty to keep them for ever.` : `${rule.label}: ${range}.`;
}

export function isValidRetention(kind: RetentionKind, days: unknown): boolean {
  const rule = RETENTION_RULES[kind];
  if (days === null) return rule.forever;
  return typeof days === 'number' && Number.isInteger(days) && days >= rule.minDays && days <= rule.maxDays;
}

/** 'a year', '90 days', 'for ever': how the form's hint and the docs name a period. */
export function periodText(days: number | null): string {
  if (days === null) return 'for ever';
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return days === 1 ? '1 day' : `${count(days)} days`;
}

const NOUNS: Record<PurgedKind, [string, string]> = {
  signInEvents: ['sign-in event', 'sign-in events'],
  endedSessions: ['ended session', 'ended sessions'],
  readNotifications: ['read notification', 'read notifications'],
  sentMessages: ['sent e-mail', 'sent e-mails'],
  importRuns: ['import run', 'import runs'],
  auditLog: ['audit log entry', 'audit log entries'],
};

const counted = (n: number, [one, many]: [string, string]) => `${count(n)} ${n === 1 ? one : many}`;

/** A run's summary: 'Removed 1,234 sign-in events and 3 ended sessions; reminded about 1 archived person.' */
export function retentionRunText(removed: Partial<Record<PurgedKind, number>>, reminded: number): string {
  const parts = PURGED_KINDS.filter((kind) => (removed[kind] ?? 0) > 0).map((kind) => counted(removed[kind]!, NOUNS[kind]));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const removal = list ? `Removed ${list}` : 'Removed nothing';
  return reminded > 0 ? `${removal}; reminded admins about ${counted(reminded, ['archived person', 'archived people'])}.` : `${removal}.`;
}
