import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_TOKEN_PREFIX } from '../../../shared/rules/api-tokens';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from './api-tokens-schema';

// SECURITY.md 'API tokens': 32 random bytes behind the `bsh_` prefix, of which the hub keeps the
// SHA-256 only (hashToken, as for sessions).

export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * A person's API tokens end with their sessions when they are archived or erased, or sign out
 * everywhere. Deleted, so nothing can bring them back; returns how many.
 */
export async function endApiTokensOf(db: DbOrTx, userId: number): Promise<number> {
  const ended = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  return ended.length;
}
