import { and, eq, ne } from 'drizzle-orm';
import { evaluations, keyResults, links, objectives, roles, sessions, teamMembers, teams, users } from '../../server/db/schema';
import { objectiveLinks } from '../../server/features/alignment/schema';
import { createSession, hashToken } from '../../server/features/auth/sessions';
import { apiTokens } from '../../server/features/auth/api-tokens-schema';
import { dottedName } from '../../shared/rules/vpn-file';
import type { TestHub } from '../support/hub';
import type { DemoIds } from './route-table-expectations';

/**
 * The demo company's ids the route-table samples aim at, plus the admin's private objective, key
 * result and evaluation they need (made here, so only the permission rule can refuse them). Shared
 * by the generated suites (route-table.test.ts, openapi-fuzz.test.ts).
 */
export async function resolveDemoIds(hub: TestHub): Promise<DemoIds> {
  const byName = async (username: string) => (await hub.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, username)))[0];
  const named = ['admin', 'owner', 'manager', 'lead', 'member', 'guest'] as const;
  const people = Object.fromEntries(await Promise.all(named.map(async (u) => [u, await byName(u)] as const)));
  const admin = people.admin;
  const phoenix = (await hub.db.select({ id: teams.id }).from(teams).where(eq(teams.name, 'Phoenix')))[0].id;
  const leastPrivileged = [people.member.id, people.guest.id];
  const ownTeams = new Set(
    (await hub.db.select({ teamId: teamMembers.teamId, userId: teamMembers.userId }).from(teamMembers)).filter((r) => leastPrivileged.includes(r.userId)).map((r) => r.teamId),
  );
  const otherTeam = (await hub.db.select({ id: teams.id }).from(teams).where(eq(teams.status, 'active'))).find((t) => !ownTeams.has(t.id))!.id;
  // the admin's objective sits in a team of theirs, so only the permission rule can refuse it
  await hub.db.insert(teamMembers).values({ userId: admin.id, teamId: otherTeam, isLead: false }).onConflictDoNothing();
  const [objective] = await hub.db.insert(objectives).values({
    title: 'Admin private objective', description: 'Not yours', category: 'Technology', subcategory: 'Development', priority: 'high',
    deadline: '2030-06-30', isPublic: false, authorId: admin.id, ownerId: admin.id, teamId: otherTeam,
  }).returning();
  const [keyResult] = await hub.db.insert(keyResults).values({
    objectiveId: objective.id, title: 'Admin key result', description: 'Not yours', priority: 'high', deadline: '2030-06-01', ownerId: admin.id, authorId: admin.id,
  }).returning();
  // the admin's objective supports a team objective of the other team; the member and the guest see neither end
  const [teamObjective] = await hub.db.insert(objectives).values({
    title: 'Admin team objective', description: 'Not yours', category: 'Technology', subcategory: 'Development', priority: 'high',
    deadline: '2030-06-30', isPublic: false, authorId: admin.id, ownerId: admin.id, teamId: otherTeam, level: 'team',
  }).returning();
  const [objectiveLink] = await hub.db.insert(objectiveLinks).values({ parentObjectiveId: teamObjective.id, childObjectiveId: objective.id }).returning();
  const [evaluation] = await hub.db.insert(evaluations).values({
    userId: admin.id, authorId: people.owner.id, technicalExpertise: '4', teamwork: '4', flexibility: '4', resultsFocus: '4', languages: '4',
    continualLearning: '4', safetyFocus: '4', communication: '4', initiative: '4', openDiscussion: '4', targets: 'Lead the platform',
  }).returning();
  const [link] = await hub.db.select({ id: links.id }).from(links).limit(1);
  const [role] = await hub.db.select({ id: roles.id }).from(roles).where(and(eq(roles.name, 'User'), ne(roles.status, 'deleted')));
  const job = (await hub.db.select({ jobId: users.jobId }).from(users).where(eq(users.id, admin.id)))[0].jobId!;
  // a session of the admin that nobody else may end
  const { token } = await createSession(hub.db, admin.id);
  const [adminSession] = await hub.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  // an API token of the admin's that nobody else may revoke
  const [adminApiToken] = await hub.db.insert(apiTokens).values({ userId: admin.id, name: 'Admin script', scope: 'read', tokenHash: hashToken(`bsh_${token}`), expiresAt: new Date(Date.now() + 30 * 86_400_000) }).returning();
  return {
    users: Object.fromEntries(named.map((u) => [u, people[u].id])) as DemoIds['users'],
    adminVpnName: dottedName(admin.name),
    phoenix, otherTeam, objective: objective.id, keyResult: keyResult.id, objectiveLink: objectiveLink.id, evaluation: evaluation.id, link: link.id, role: role.id, job,
    adminSession: adminSession.id,
    adminApiToken: adminApiToken.id,
  };
}
