import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { AdminApiToken, ApiToken, ApiTokenCreate } from '../../../shared/api/api-tokens';
import { API_TOKEN_MESSAGES as M, apiTokenScopesFor, isApiTokenScope } from '../../../shared/rules/api-tokens';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../http-errors';
import { apiTokenActivity, apiTokens, hashToken, newApiToken } from '../auth';
import { recordAudit } from '../audit';

// Settings → API tokens (one's own) and Admin → API tokens (everyone's). Only live tokens are
// listed: an expired one works no more and is no more to manage. Making and revoking one is
// audited, never with the token.

const DAY_MS = 24 * 60 * 60 * 1000;

const TOKEN_FIELDS = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokenActivity.lastUsedAt,
  lastUsedAddress: apiTokenActivity.lastAddress,
};

type TokenRow = { id: number; name: string; scope: string; createdAt: Date; expiresAt: Date; lastUsedAt: Date | null; lastUsedAddress: string | null };

function tokenOf(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    // the lookup grants nothing to an unknown scope; shown as the least of them
    scope: isApiTokenScope(row.scope) ? row.scope : 'read',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress,
  };
}

const live = (now: Date, where?: SQL) => and(gt(apiTokens.expiresAt, now), where);

export async function listOwnApiTokens(db: Db, userId: number, now = new Date()): Promise<ApiToken[]> {
  const rows = await db
    .select(TOKEN_FIELDS)
    .from(apiTokens)
    .leftJoin(apiTokenActivity, eq(apiTokenActivity.tokenId, apiTokens.id))
    .where(live(now, eq(apiTokens.userId, userId)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(tokenOf);
}

export async function listAllApiTokens(db: Db, now = new Date()): Promise<AdminApiToken[]> {
  const rows = await db
    .select({ ...TOKEN_FIELDS, ownerId: users.id, ownerName: users.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(apiTokenActivity, eq(apiTokenActivity.tokenId, apiTokens.id))
    .where(live(now))
    .orderBy(asc(users.name), desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => ({ ...tokenOf(row), owner: { id: row.ownerId, name: row.ownerName } }));
}

/** Makes a token for the caller; the answer is the only place the token itself ever is. */
export async function createApiToken(db: Db, actor: Actor, input: ApiTokenCreate, now = new Date()): Promise<ApiToken & { token: string }> {
  if (!apiTokenScopesFor(actor).includes(input.scope)) throw new HttpError(403, [{ message: M.adminScope, field: 'scope' }]);
  const token = newApiToken();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId: actor.id, name: input.name, scope: input.scope, tokenHash: hashToken(token), createdAt: now, expiresAt })
      .returning();
    await recordAudit(tx, actor.id, { entity: 'api_token', entityId: row.id, action: 'create', after: { name: row.name, scope: row.scope, owner: actor.id, expiresAt: expiresAt.toISOString() } });
    return row;
  });
  return { ...tokenOf({ ...created, lastUsedAt: null, lastUsedAddress: null }), token };
}

/**
 * Revokes a live token: the caller's own (`ownerId`), or anyone's for an admin (no owner given).
 * Another person's token, a revoked or an expired one is 'not found', as an id that never was.
 */
export async function revokeApiToken(db: Db, actorId: number, tokenId: number, ownerId?: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const where = live(now, and(eq(apiTokens.id, tokenId), ownerId === undefined ? undefined : eq(apiTokens.userId, ownerId)));
    const [ended] = await tx.delete(apiTokens).where(where).returning();
    if (!ended) throw notFound(M.notFound);
    await recordAudit(tx, actorId, { entity: 'api_token', entityId: ended.id, action: 'revoke', before: { name: ended.name, scope: ended.scope, owner: ended.userId } });
  });
}
