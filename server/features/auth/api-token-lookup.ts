import { and, eq, gt, sql } from 'drizzle-orm';
import { isApiTokenScope } from '../../../shared/rules/api-tokens';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { jobs, roles, users } from '../../db/schema';
import { apiTokens } from './api-tokens-schema';
import type { SessionCache } from './session-cache';
import { SESSION_USER_FIELDS, sessionUserOf, type LoadedApiToken } from './session-user';
import { hashToken } from './sessions';

// The auth hook's read of a personal API token: its person as a session's is read (one prepared
// statement, an active person only, so archiving ends it at once), and cached beside the sessions
// in the hub's session cache, which api_tokens' trigger flushes like the sessions' (migration 0023).

const apiTokenLookup = preparedPer((db: Db) =>
  db
    .select({ tokenId: apiTokens.id, tokenName: apiTokens.name, scope: apiTokens.scope, expiresAt: apiTokens.expiresAt, ...SESSION_USER_FIELDS })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')), gt(apiTokens.expiresAt, sql.placeholder('now')), eq(users.status, 'active')))
    .limit(1)
    .prepare('hub_api_token_lookup'));

async function loadApiToken(db: Db, tokenHash: string, now: Date): Promise<LoadedApiToken | null> {
  const [row] = await apiTokenLookup(db).execute({ tokenHash, now: now.toISOString() });
  // a scope written outside the hub that it does not know grants nothing
  if (!row || !isApiTokenScope(row.scope)) return null;
  return { apiToken: { id: row.tokenId, name: row.tokenName, scope: row.scope }, expiresAt: row.expiresAt, ...sessionUserOf(row) };
}

/** The live API token a bearer header carries, and its person; null for an unknown, expired or revoked one. */
export async function apiTokenOf(db: Db, cache: SessionCache, token: string, now = Date.now()): Promise<LoadedApiToken | null> {
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash, now);
  if (cached !== undefined) return 'apiToken' in cached ? cached : null;
  const ticket = cache.ticket();
  const loaded = await loadApiToken(db, tokenHash, new Date(now));
  if (loaded !== null) cache.store(ticket, tokenHash, loaded, now);
  return loaded;
}
