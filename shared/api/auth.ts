import { z } from 'zod';
import { envelope } from './common';
import { sessionUserSchema } from './users';
import { LOGIN_MESSAGES } from '../rules/messages';
import { signInUsernameSchema } from './username';

export const loginBodySchema = z.object({
  username: signInUsernameSchema,
  password: z.string({ error: LOGIN_MESSAGES.password }).min(1, LOGIN_MESSAGES.password).max(500),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
  firstLogin: z.boolean(),
  /** signed in with a one-time password an admin set; a new one is chosen first */
  passwordMustChange: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
export const loginResponseSchema = envelope(loginResultSchema);

export const meResponseSchema = envelope(z.object({ user: sessionUserSchema, firstLogin: z.boolean(), passwordMustChange: z.boolean() }));
/** POST /auth/logout: the session is revoked and the cookie cleared. */
export const logoutResponseSchema = envelope(z.object({ signedOut: z.literal(true) }));

export const capabilitiesResponseSchema = envelope(z.object({ capabilities: z.array(z.string()) }));

/**
 * 'Confirm your information' step, at the first sign-in only: the user confirms (and may correct)
 * their contact details. The email is left out (or sent unchanged) by a person who may not change
 * it (shared/rules/user-fields.ts).
 */
export const confirmInfoBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(200),
  email: z.email('Email is invalid.').max(200).optional(),
  phone: z.string().trim().min(1, 'Phone number is required.').max(50),
});
export type ConfirmInfoBody = z.infer<typeof confirmInfoBodySchema>;

export const inviteBodySchema = z.object({
  teamMemberEmail: z.email('Email is invalid.').max(200),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;
