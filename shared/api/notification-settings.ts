import { z } from 'zod';
import { envelope } from './common';
import { EMAIL_DIGEST_HOUR, EMAIL_NOTIFICATION_KINDS, NOTIFICATION_KINDS, notificationKindSchema, type NotificationKind } from './notifications';

// GET/PUT /notifications/settings (docs/api.md 'Notification settings'): a channel per kind, the
// security messages' fixed one, and Monday's digest switch.

/**
 * How a kind reaches the person. Every channel but 'off' rings the bell too: e-mail now and the
 * digest add an e-mail to the app's notification, they do not replace it.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'digest', 'off'] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS, { error: 'Choose in_app, email, digest or off' });
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** Settings → Notifications' choices. */
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  email: 'E-mail now',
  digest: 'In the digest',
  off: 'Off',
};
export const NOTIFICATION_DIGEST_HINT = `"In the digest" comes in one e-mail at ${EMAIL_DIGEST_HOUR}:00 with everything since the last. Every choice but Off also shows in the app.`;

/** The reminders wait for the daily digest unless the person chose otherwise; the rest come at once. */
export const DIGEST_BY_DEFAULT_KINDS: readonly NotificationKind[] = ['objective_due_soon', 'objective_overdue', 'check_in_reminder'];

const isEmailed = (kind: NotificationKind) => EMAIL_NOTIFICATION_KINDS.includes(kind);

/** What a person may choose for a kind: a kind the hub never e-mails is only in the app, or off. */
export function channelsOf(kind: NotificationKind): readonly NotificationChannel[] {
  return isEmailed(kind) ? NOTIFICATION_CHANNELS : ['in_app', 'off'];
}

/** A kind nobody chose a channel for. */
export function defaultChannel(kind: NotificationKind): NotificationChannel {
  if (!isEmailed(kind)) return 'in_app';
  return DIGEST_BY_DEFAULT_KINDS.includes(kind) ? 'digest' : 'email';
}

/** Whether the bell (the list, the stream, the desktop's notifications) tells of it. */
export const inTheApp = (channel: NotificationChannel) => channel !== 'off';
/** Whether it comes by e-mail, at once or in the digest. */
export const byEmail = (channel: NotificationChannel) => channel === 'email' || channel === 'digest';

/** Security messages (password, sessions, new sign-ins, data exports) always come by e-mail at once. */
export const SECURITY_CHANNEL = 'email' satisfies NotificationChannel;
export const SECURITY_NOTIFICATIONS_LABEL = 'Security: my password, sessions, new sign-ins and data exports';
export const SECURITY_NOT_OFF = 'Security messages cannot be turned off';
export const WEEKLY_DIGEST_LABEL = "Monday's digest of my teams";
export const WEEKLY_DIGEST_HINT = `On Monday at ${EMAIL_DIGEST_HOUR}:00: what is due, overdue, waiting for your approval and who is out in the teams you lead or manage.`;

const bool = z.boolean({ error: 'Must be true or false' });

export const notificationSettingSchema = z.object({
  kind: notificationKindSchema,
  channel: notificationChannelSchema,
  /** for apps of before: whether the bell tells of it (the channel is not 'off') */
  enabled: bool,
  /** for apps of before, on the kinds the hub e-mails: whether it comes by e-mail (now or in the digest) */
  email: bool.optional(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/**
 * A kind to change: its channel, or (an app of before) `enabled` and `email`, which the hub maps
 * to a channel (docs/api.md 'Notification settings'); a channel sent beside them wins.
 */
export const notificationSettingChangeSchema = z
  .object({ kind: notificationKindSchema, channel: notificationChannelSchema.optional(), enabled: bool.optional(), email: bool.optional() })
  .superRefine((item, ctx) => {
    if (item.channel === undefined && item.enabled === undefined) ctx.addIssue({ code: 'custom', message: 'Choose a channel', path: ['channel'] });
    else if (item.channel !== undefined && !channelsOf(item.kind).includes(item.channel)) {
      ctx.addIssue({ code: 'custom', message: 'The hub does not e-mail this kind: choose in_app or off', path: ['channel'] });
    }
  });
export type NotificationSettingChange = z.infer<typeof notificationSettingChangeSchema>;

export const notificationSettingsSchema = z.object({
  items: z.array(notificationSettingSchema),
  /** security messages' channel, always e-mail now */
  securityChannel: z.literal(SECURITY_CHANNEL),
  /** whether this hub sends e-mail at all (it has a relay): without one, only in-app choices are shown */
  emailSent: z.boolean(),
  /** Monday's digest of one's teams; null for someone who leads or manages no team, who gets none */
  weeklyDigest: z.boolean().nullable(),
  /** for apps of before: whether some kind waits for the daily digest */
  emailDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = envelope(notificationSettingsSchema);

/** PUT: what to change; kinds left out keep their channel. */
export const notificationSettingsBodySchema = z
  .object({
    items: z.array(notificationSettingChangeSchema).min(1, 'Choose at least one kind').max(NOTIFICATION_KINDS.length * 2).optional(),
    securityChannel: z.literal(SECURITY_CHANNEL, { error: SECURITY_NOT_OFF }).optional(),
    weeklyDigest: bool.optional(),
    /** an app of before: true puts every kind that comes by e-mail now into the digest, false the other way */
    emailDigest: bool.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Choose at least one kind', path: ['items'] });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;
