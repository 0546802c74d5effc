import { z } from 'zod';
import { envelope } from './common';
import { PASSWORD_MESSAGES } from '../rules/messages';

// Settings → Password and Admin → Users → Reset password. The rule a new password must
// meet is shared/rules/password.ts; these bound only what a request may carry (like sign-in's).

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: PASSWORD_MESSAGES.currentRequired }).min(1, PASSWORD_MESSAGES.currentRequired).max(500),
  newPassword: z.string({ error: PASSWORD_MESSAGES.newRequired }).min(1, PASSWORD_MESSAGES.newRequired).max(500),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET /auth/password: whether Settings offers the password form (not to SSO-only people). */
export const passwordStatusResponseSchema = envelope(z.object({ canChange: z.boolean() }));

/** The session that asked stays; how many others ended. */
export const passwordChangedResponseSchema = envelope(z.object({ changed: z.literal(true), sessionsEnded: z.number().int() }));

/** The one-time password, shown once to the admin who set it; the person's sessions ended. */
export const passwordResetResponseSchema = envelope(z.object({ password: z.string(), sessionsEnded: z.number().int() }));
export type PasswordReset = z.infer<typeof passwordResetResponseSchema>['data'];
