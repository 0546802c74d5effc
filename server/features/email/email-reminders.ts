import type { ReminderMailer } from '../notifications';
import { queueEmails } from './email-queue';

/**
 * The reminders' e-mails (a deadline within 3 days, overdue, the weekly check-in), each under its
 * e-mail switch, and once: the outbox row carries the notification's dedupe key, so a
 * rerun of the job, or another hub's, queues nothing twice. The objective is the recipient's own.
 */
export const queueReminderEmail: ReminderMailer = (tx, userId, mail, dedupeKey) => {
  // the notification's key is per person already; the outbox's is across everyone
  const options = { settingKind: mail.kind, dedupeKey: (recipientId: number) => `reminder:${recipientId}:${dedupeKey}` };
  if (mail.kind === 'check_in_reminder') return queueEmails(tx, mail.kind, [userId], { count: mail.count }, options);
  return queueEmails(tx, mail.kind, [userId], { title: mail.title, deadline: mail.deadline, objectiveId: mail.objectiveId }, options);
};
