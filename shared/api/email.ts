import { z } from 'zod';
import { envelope } from './common';

// Admin → E-mail (docs/operations.md 'E-mail'): GET /admin/email (the relay's configuration
// without its secrets, and the outbox), POST /admin/email/test (a test e-mail to oneself) and
// POST /admin/email/outbox/:id/resend (a failed message queued again), admins only.

export const emailSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  /** tls: smtps from the first byte; starttls: required; starttls_if_offered: a loopback relay */
  security: z.enum(['tls', 'starttls', 'starttls_if_offered']),
  user: z.string().nullable(),
  from: z.string(),
  publicUrl: z.string(),
  dkimDomain: z.string().nullable(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** a queued one: its next attempt; a failed one: when it failed */
  at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const emailStatusSchema = z.object({
  /** null: no HUB_SMTP_URL, so the hub sends no e-mail */
  settings: emailSettingsSchema.nullable(),
  /** digest: waiting for their person's daily digest (they chose it, or passed the hourly cap) */
  outbox: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), digest: z.number().int() }),
  /** the newest messages with an error, failed or being retried */
  lastErrors: z.array(outboxMessageSchema),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;
export const emailStatusResponseSchema = envelope(emailStatusSchema);

/** POST /admin/email/test: answered once the relay took it, or with what went wrong. */
export const emailTestResponseSchema = envelope(z.object({ message: outboxMessageSchema }));
export const outboxResendResponseSchema = envelope(z.object({ message: outboxMessageSchema }));

/** How many messages with an error Admin → E-mail lists. */
export const EMAIL_ERRORS_SHOWN = 10;

export const EMAIL_TEXT = {
  notConfigured: 'The hub sends no e-mail: HUB_SMTP_URL is not set (docs/operations.md, E-mail).',
  noAddress: 'You have no e-mail address to send a test to.',
  notFailed: 'There is no failed message with this id.',
  testSent: (to: string) => `Test e-mail sent to ${to}`,
  testQueued: (to: string, error: string) => `The test e-mail to ${to} is queued, to be tried again: ${error}`,
  testFailed: (to: string, error: string) => `The relay refused the test e-mail to ${to}: ${error}`,
  resent: 'Queued to be sent again',
} as const;
