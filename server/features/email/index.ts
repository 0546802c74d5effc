// E-mail: the hub's relay, the messages it sends and Admin → E-mail (docs/operations.md 'E-mail').
// What other features may import of it; its routes are registered by server/app.ts.

export { emailConfigFromEnv, type EmailConfig } from './email-config';
export { queueEmails, type QueueOptions } from './email-queue';
export { emailJobs, sendDailyDigests } from './email-digest';
export type { WeeklyDigestParams } from './digest-params';
export { queueReminderEmail } from './email-reminders';
export { startEmail, type EmailService } from './email-service';
