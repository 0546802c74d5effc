import { canAdminister } from './admin-access';
import type { Actor } from './session-user';

// Personal API tokens (docs/api.md 'API tokens'): what a person may create, and the words the
// hub and Settings → API tokens share. A token never lives for ever, and an admin scope is
// never the default nor offered to someone who does not administer the hub.

/** Secret scanners (GitHub's, gitleaks) find leaked tokens by this prefix. */
export const API_TOKEN_PREFIX = 'bsh_';

export const API_TOKEN_SCOPES = ['read', 'read-write', 'admin-read', 'admin-read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const DEFAULT_API_TOKEN_SCOPE: ApiTokenScope = 'read';

export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];

export const API_TOKEN_NAME_MAX = 100;

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read',
  'read-write': 'Read and write',
  'admin-read': 'Admin read',
  'admin-read-write': 'Admin read and write',
};

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_TOKEN_NAME_MAX} characters`,
  expiry: 'Expiry must be 30, 90 or 365 days',
  scope: 'Scope must be read, read-write, admin-read or admin-read-write',
  adminScope: 'Admin scopes are only for people who administer the hub.',
  notFound: 'This token has already been revoked.',
  unknown: 'This API token is unknown, revoked or expired.',
  readOnly: 'This API token may only read. Create a read and write token to make changes.',
  notAdmin: 'This API token does not reach Admin. Create one with an admin scope.',
  signInOnly: 'An API token cannot manage passwords, sessions or API tokens, nor change anyone’s role or access. Sign in to do this.',
  rateLimited: 'Too many requests with this API token. Wait a moment and try again.',
} as const;

export const isAdminScope = (scope: ApiTokenScope): boolean => scope === 'admin-read' || scope === 'admin-read-write';
export const isWriteScope = (scope: ApiTokenScope): boolean => scope === 'read-write' || scope === 'admin-read-write';

/** The scopes Settings offers this person, and the hub accepts from them. */
export function apiTokenScopesFor(actor: Actor): readonly ApiTokenScope[] {
  return canAdminister(actor) ? API_TOKEN_SCOPES : ['read', 'read-write'];
}

export const isApiTokenScope = (value: string): value is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(value);
