import { z } from 'zod';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_MESSAGES as M, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '../rules/api-tokens';
import { envelope, ID_MAX, refSchema } from './common';

// Settings → API tokens and Admin → API tokens (docs/api.md 'API tokens'). The secret is in one
// answer only, POST /me/tokens's; no list ever carries it, nor its hash.

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: M.scope });

export const apiTokenCreateSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(API_TOKEN_NAME_MAX, M.nameTooLong),
  scope: apiTokenScopeSchema,
  expiresInDays: z.union(API_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)), { error: M.expiry }),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** null until the token is first used; recorded at most once a minute */
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = envelope(z.object({ items: z.array(apiTokenSchema) }));

/** The one answer that holds the token itself: shown once, never again. */
export const apiTokenCreatedResponseSchema = envelope(apiTokenSchema.extend({ token: z.string() }));

export const adminApiTokenSchema = apiTokenSchema.extend({ owner: refSchema });
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;
export const adminApiTokensResponseSchema = envelope(z.object({ items: z.array(adminApiTokenSchema) }));

export const apiTokenIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });
export const apiTokenRevokedResponseSchema = envelope(z.object({ revoked: z.number().int() }));
