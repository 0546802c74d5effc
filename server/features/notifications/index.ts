// The bell: notifications written in the event's transaction, their stream and push, and the reminders.
// What other features may import of it; its routes are registered by server/app.ts.

export { reminderJobs, type ReminderEmail, type ReminderMailer } from './notification-reminders';
export { nameOf, NOTIFICATION_LINKS, notifyEvaluationCreated } from './notifications-events';
export { markApprovalRequestsDone, notify, type NewNotification } from './notifications';
export { adminRecipients } from './admin-recipients';
export { notifications, notificationSettings } from './schema';
export { channelOfRow, leaveDailyDigest, leaveEmailOf } from './notification-settings';
