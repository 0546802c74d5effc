import type { ReactElement } from 'react';
import { NOTIFICATION_LINKS } from '../notifications';
import type { EmailConfig } from './email-config';
import type { WeeklyDigestParams } from './digest-params';
import { ApprovalDecidedMessage, ApprovalRequestedMessage, DigestMessage, NoticeMessage, SecurityMessage, TestMessage, WeeklyDigestMessage } from './templates/Messages';

// What each kind of e-mail says: its subject, in words (docs/operations.md 'What the hub sends'),
// and the template that renders its HTML and its plain text. The outbox row keeps the kind and
// these parameters; the message is rendered when it is sent, the same on every attempt.

export interface EmailParams {
  test: { name: string };
  approval_requested: { requester: string; action: 'complete' | 'delete'; title: string };
  approval_decided: { decider: string; outcome: 'completed' | 'deleted' | 'sent back'; title: string; objectiveId: number };
  /** the reader's own objective, due within DUE_SOON_DAYS (once per objective and deadline) */
  objective_due_soon: { title: string; deadline: string; objectiveId: number };
  /** the reader's own objective, past its deadline (once per objective and deadline) */
  objective_overdue: { title: string; deadline: string; objectiveId: number };
  /** the week's reminder to record progress on one's objectives in progress */
  check_in_reminder: { count: number };
  /** someone wrote an evaluation about the reader; its contents stay on the hub */
  evaluation_created: { author: string; employeeId: number };
  /** the messages held for the person since their last digest (they chose it, or passed the hourly cap) */
  daily_digest: { items: Array<{ subject: string; at: string }> };
  /** Monday's digest for team leads and teams managers */
  weekly_digest: WeeklyDigestParams;
  /** security: the person's own password changed, or an admin reset it */
  password_changed: { by: 'self' | 'admin'; sessionsEnded: number };
  /** security: every other session of the person was ended at their request */
  signed_out_everywhere: { sessionsEnded: number };
  /** security: a sign-in from a browser and system (or the desktop app) none of the person's recent sessions had */
  new_device_sign_in: { device: string; address: string | null; at: string };
  /** security: a copy of everything the hub holds about the person was downloaded, by them or an admin */
  personal_data_exported: { by: 'self' | 'admin' };
}

/** Never held for a digest: the test e-mail goes at once, and a digest is itself the held ones. */
export const UNHELD_EMAIL_KINDS: readonly EmailKind[] = ['test', 'daily_digest', 'weekly_digest'];

/** Sent whatever the person chose, to the person even when they acted themselves: the point is to catch someone else doing it. */
export const SECURITY_EMAIL_KINDS: readonly EmailKind[] = ['password_changed', 'signed_out_everywhere', 'new_device_sign_in', 'personal_data_exported'];

const sessions = (n: number) => (n === 1 ? '1 other session was' : `${n} other sessions were`);
export type EmailKind = keyof EmailParams;

export const SETTINGS_PATH = '/settings';
const SESSIONS_PATH = '/settings';
const DATA_EXPORT_PATH = '/settings';
const PLANS_PATH = '/objective-tracking/plans';

interface KindSpec<K extends EmailKind> {
  subject(params: EmailParams[K]): string;
  render(params: EmailParams[K], frame: { company: string; settingsUrl: string; unsubscribeUrl: string | null; publicUrl: string }): ReactElement;
}

const link = (config: Pick<EmailConfig, 'publicUrl'>, path: string) => `${config.publicUrl}${path}`;

export const EMAIL_KINDS: { [K in EmailKind]: KindSpec<K> } = {
  test: {
    subject: () => 'Test e-mail from the hub',
    render: (p, frame) => <TestMessage {...frame} name={p.name} />,
  },
  approval_requested: {
    subject: (p) => `${p.requester} asks you to approve ${p.action === 'delete' ? 'deleting ' : ''}'${p.title}'`,
    render: (p, frame) => <ApprovalRequestedMessage {...frame} {...p} url={link(frame, NOTIFICATION_LINKS.approvals)} />,
  },
  approval_decided: {
    subject: (p) =>
      p.outcome === 'sent back' ? `${p.decider} sent '${p.title}' back to in progress` : `${p.decider} approved ${p.outcome === 'deleted' ? 'deleting' : 'completing'} '${p.title}'`,
    render: (p, frame) => (
      <ApprovalDecidedMessage {...frame} decider={p.decider} outcome={p.outcome} title={p.title} url={link(frame, p.outcome === 'deleted' ? NOTIFICATION_LINKS.objectives : NOTIFICATION_LINKS.objective(p.objectiveId))} />
    ),
  },
  objective_due_soon: {
    subject: (p) => `'${p.title}' is due on ${p.deadline}`,
    render: (p, frame) => (
      <NoticeMessage {...frame} heading="An objective of yours is due soon" said={`Your objective '${p.title}' is due on ${p.deadline}. Record its progress, or ask your lead to complete it.`}
        url={link(frame, NOTIFICATION_LINKS.objective(p.objectiveId))} action="Open the objective" />
    ),
  },
  objective_overdue: {
    subject: (p) => `'${p.title}' was due on ${p.deadline}`,
    render: (p, frame) => (
      <NoticeMessage {...frame} heading="An objective of yours is overdue" said={`Your objective '${p.title}' was due on ${p.deadline} and is still in progress.`}
        url={link(frame, NOTIFICATION_LINKS.objective(p.objectiveId))} action="Open the objective" />
    ),
  },
  check_in_reminder: {
    subject: () => 'Time for your weekly check-in',
    render: (p, frame) => (
      <NoticeMessage {...frame} heading="Weekly check-in" said={`Record this week's progress on your ${p.count === 1 ? 'objective' : `${p.count} objectives`} in progress.`}
        url={link(frame, NOTIFICATION_LINKS.objectives)} action="Open your objectives" />
    ),
  },
  evaluation_created: {
    subject: (p) => `${p.author} wrote an evaluation about you`,
    render: (p, frame) => (
      <NoticeMessage {...frame} heading="A new evaluation about you" said={`${p.author} wrote an evaluation about you. You can read it on the hub.`}
        url={link(frame, NOTIFICATION_LINKS.evaluations(p.employeeId))} action="Open your evaluations" />
    ),
  },
  daily_digest: {
    subject: (p) => `Your hub digest: ${p.items.length === 1 ? '1 update' : `${p.items.length} updates`}`,
    render: (p, frame) => <DigestMessage {...frame} items={p.items} url={frame.publicUrl} />,
  },
  weekly_digest: {
    subject: (p) => `Your teams this week: ${[
      p.due.length > 0 ? `${p.due.length}${p.more.due ? '+' : ''} due` : null,
      p.overdue.length > 0 ? `${p.overdue.length}${p.more.overdue ? '+' : ''} overdue` : null,
      p.approvals.length > 0 ? `${p.approvals.length}${p.more.approvals ? '+' : ''} waiting for approval` : null,
      p.out.length > 0 ? `${p.out.length}${p.more.out ? '+' : ''} out` : null,
    ].filter(Boolean).join(', ')}`,
    render: (p, frame) => (
      <WeeklyDigestMessage {...frame} digest={p} plansUrl={link(frame, PLANS_PATH)} approvalsUrl={link(frame, NOTIFICATION_LINKS.approvals)} />
    ),
  },
  password_changed: {
    subject: (p) => (p.by === 'admin' ? 'An administrator reset your hub password' : 'Your hub password was changed'),
    render: (p, frame) => (
      <SecurityMessage {...frame} heading={p.by === 'admin' ? 'Your password was reset' : 'Your password was changed'}
        said={p.by === 'admin'
          ? `An administrator gave you a one-time password, which you change when you next sign in. Every session you had was signed out (${p.sessionsEnded}).`
          : `The password you sign in to the hub with was changed${p.sessionsEnded > 0 ? `, and ${sessions(p.sessionsEnded)} signed out` : ''}.`}
        url={link(frame, SESSIONS_PATH)} action="Open Settings → Sessions" />
    ),
  },
  signed_out_everywhere: {
    subject: () => 'You were signed out of the hub everywhere else',
    render: (p, frame) => (
      <SecurityMessage {...frame} heading="Signed out everywhere else" said={`You chose Sign out everywhere else: ${sessions(p.sessionsEnded)} signed out.`}
        url={link(frame, SESSIONS_PATH)} action="Open Settings → Sessions" />
    ),
  },
  new_device_sign_in: {
    subject: (p) => `New sign-in to the hub from ${p.device}`,
    render: (p, frame) => (
      <SecurityMessage {...frame} heading="A sign-in from a new browser or device"
        said={`Your account was signed in to from ${p.device}${p.address ? ` (address ${p.address})` : ''} at ${p.at.slice(0, 16).replace('T', ' ')} UTC, which none of your recent sessions used. If it was you, there is nothing to do; if not, change your password and sign out everywhere else.`}
        url={link(frame, SESSIONS_PATH)} action="Open Settings → Sessions" />
    ),
  },
  personal_data_exported: {
    subject: (p) => (p.by === 'admin' ? 'An administrator downloaded a copy of your personal data' : 'Your personal data export is ready'),
    render: (p, frame) => (
      <SecurityMessage {...frame} heading={p.by === 'admin' ? 'A copy of your personal data was made' : 'Your personal data export is ready'}
        said={p.by === 'admin'
          ? 'An administrator downloaded the archive of everything the hub holds about you, as the law lets them on your request. The audit log records who did it.'
          : 'You downloaded the archive of everything the hub holds about you (Settings → Your data). It was saved by your browser or the desktop app.'}
        url={link(frame, DATA_EXPORT_PATH)} action="Open Settings" />
    ),
  },
};
