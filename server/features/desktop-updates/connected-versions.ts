import { and, count, gt, isNull, like, sql } from 'drizzle-orm';
import { desktopAgentOf, type ConnectedVersion } from '../../../shared/api/desktop';
import { DESKTOP_AGENT } from '../../../shared/rules/user-agent-summary';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

// Admin sees which app versions are connected: the desktop app's sessions that are
// still valid (not revoked, not expired), by the version and platform in their User-Agent.

const isNumber = (part: string) => /^\d+$/.test(part);

/**
 * Newest first: numeric parts compared as numbers ('1.10.0' before '1.9.2'), a pre-release
 * ('1.10.0-beta.1') after its release, other text alphabetically.
 */
export function compareVersionsDescending(a: string, b: string): number {
  const [pa, pb] = [a.split(/[.+-]/), b.split(/[.+-]/)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    if (x === y) continue;
    if (x === undefined) return isNumber(y) ? 1 : -1;
    if (y === undefined) return isNumber(x) ? -1 : 1;
    if (isNumber(x) && isNumber(y)) return Number(y) - Number(x) || y.localeCompare(x);
    return y.localeCompare(x);
  }
  return 0;
}

export async function connectedVersions(db: DbOrTx): Promise<ConnectedVersion[]> {
  const rows = await db
    .select({ userId: sessions.userId, userAgent: sessions.userAgent, sessions: count() })
    .from(sessions)
    .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), like(sessions.userAgent, `${DESKTOP_AGENT}/%`)))
    .groupBy(sessions.userId, sessions.userAgent);
  const groups = new Map<string, ConnectedVersion & { users: Set<number> }>();
  for (const row of rows) {
    const agent = desktopAgentOf(row.userAgent);
    if (!agent) continue;
    const key = `${agent.version}\n${agent.platform}`;
    const group = groups.get(key) ?? { ...agent, people: 0, sessions: 0, users: new Set<number>() };
    group.users.add(row.userId);
    group.sessions += Number(row.sessions);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ users, ...group }) => ({ ...group, people: users.size }))
    .sort((a, b) => compareVersionsDescending(a.version, b.version) || String(a.platform).localeCompare(String(b.platform)));
}
