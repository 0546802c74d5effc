import { z } from 'zod';
import { LOGIN_MESSAGES, USERNAME_MESSAGES } from '../rules/messages';
import { normaliseUsername, usernameProblem } from '../rules/username';

// Look-alike usernames (SECURITY.md 'Usernames'): a username arrives in its one normal form
// (shared/rules/username.ts), so every route that writes one stores what sign-in looks up, and
// one holding what cannot be seen is refused, with the field named.

const MAX_LENGTH = 100;
const visible = (username: string) => usernameProblem(username) === null;

/** A username being written (POST /user, PUT /user/:id); optional where the route defaults it. */
export const usernameSchema = z.string().overwrite(normaliseUsername).max(MAX_LENGTH, `Must be at most ${MAX_LENGTH} characters`)
  .refine(visible, USERNAME_MESSAGES.hidden);

/**
 * The username typed at sign-in: 'ＡＤＭＩＮ' signs in as admin, and its failures count against
 * admin's limit. An account created before the rule with a hidden character no longer signs in.
 */
export const signInUsernameSchema = z.string({ error: LOGIN_MESSAGES.username }).overwrite(normaliseUsername)
  .min(1, LOGIN_MESSAGES.username).max(MAX_LENGTH).refine(visible, USERNAME_MESSAGES.hidden);
