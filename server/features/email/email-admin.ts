import { eq } from 'drizzle-orm';
import { EMAIL_ERRORS_SHOWN, EMAIL_TEXT, type EmailStatus, type OutboxMessage } from '../../../shared/api/email';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http-errors';
import { lastErrors, outboxCounts, requeue, type OutboxRow } from '../outbox';
import { describeConfig } from './email-config';
import { EMAIL_CHANNEL, queueEmails } from './email-queue';
import type { EmailPayload } from './email-render';
import type { EmailService } from './email-service';

// Admin → E-mail: what the relay is, how the outbox stands, a test e-mail to oneself, and the
// resend of a failed message.

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  const payload = row.payload as unknown as Partial<EmailPayload>;
  return {
    id: row.id,
    kind: row.kind,
    to: payload.to ?? null,
    status: row.status as OutboxMessage['status'],
    attempts: row.attempts,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    at: (row.status === 'failed' ? (row.failedAt ?? row.nextAttemptAt) : row.status === 'sent' ? (row.sentAt ?? row.nextAttemptAt) : row.nextAttemptAt).toISOString(),
  };
}

export async function emailStatus(db: Db, email: EmailService): Promise<EmailStatus> {
  const [outbox, errors] = await Promise.all([outboxCounts(db, EMAIL_CHANNEL), lastErrors(db, EMAIL_CHANNEL, EMAIL_ERRORS_SHOWN)]);
  return { settings: email.config ? describeConfig(email.config) : null, outbox, lastErrors: errors.map(toOutboxMessage) };
}

const notConfigured = () => new HttpError(409, [{ message: EMAIL_TEXT.notConfigured }]);

/** A test e-mail to the admin who asked, through the outbox like every other, tried at once. */
export async function sendTestEmail(db: Db, email: EmailService, actor: Actor): Promise<OutboxMessage> {
  if (!email.config) throw notConfigured();
  const [me] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, actor.id)).limit(1);
  if (!me?.email) throw badRequest(EMAIL_TEXT.noAddress);
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    await queueEmails(tx, 'test', [actor.id], { name: me.name }, { queued: (row) => ids.push(row.id) });
  });
  if (ids.length === 0) throw badRequest(EMAIL_TEXT.noAddress);
  const row = await email.sendNow(ids[0]);
  if (!row) throw notFound(EMAIL_TEXT.notFailed);
  return toOutboxMessage(row);
}

export async function resendFailed(db: Db, email: EmailService, id: number): Promise<OutboxMessage> {
  if (!email.config) throw notConfigured();
  const row = await requeue(db, id, EMAIL_CHANNEL);
  if (!row) throw notFound(EMAIL_TEXT.notFailed);
  email.sender?.wake();
  return toOutboxMessage(row);
}
