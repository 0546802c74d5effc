import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../server/db/schema';
import { snakify } from '../../shared/api/case';
import type { JobBody, TeamBody } from '../../shared/api/admin';
import type { LinkBody } from '../../shared/api/links';
import type { UpdateMemberBody } from '../../shared/api/people';
import type { RoleBody } from '../../shared/api/roles';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// A write that changes nothing leaves no audit row (SECURITY.md 'Audit log'): the form sent back
// as it is answers as a save does, and the log holds only edits that happened.
let hub: TestHub;
let token: string;

beforeAll(async () => {
  hub = await startTestHub();
  const role = await createRole(hub.db, { capabilities: [...ALL_CAPABILITIES] });
  const admin = await createUser(hub.db, { roleId: role.id, isOwner: true, firstLogin: false });
  token = (await hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

const auditRows = async () => Number((await hub.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n);

/** Sends the same body twice: the first save writes one audit row, the second none. */
async function sameTwice(method: 'PUT' | 'POST', path: string, body: object) {
  const before = await auditRows();
  const first = await hub.request(method, path, { token, body: snakify(body) });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(await auditRows()).toBe(before + 1);
  const again = await hub.request(method, path, { token, body: snakify(body) });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(await auditRows()).toBe(before + 1);
  return again;
}

describe('a save that changes nothing writes no audit row', () => {
  it('the member dialog (PUT /user/:id)', async () => {
    const team = await createTeam(hub.db);
    const [job] = await hub.db.insert(jobs).values({ name: `Unchanged job ${Date.now()}` }).returning();
    const member = await createUser(hub.db, { teamIds: [team.id] });
    const body: UpdateMemberBody = { name: 'Renamed Member', email: member.email ?? '', phone: member.phone ?? '', teamIds: [team.id], jobId: job.id, username: member.username };
    await sameTwice('PUT', `/api/user/${member.id}`, body);
  });

  it("the Teams dialog (POST /user/teams)", async () => {
    const [first, second] = [await createTeam(hub.db), await createTeam(hub.db)];
    const member = await createUser(hub.db, { teamIds: [first.id] });
    await sameTwice('POST', '/api/user/teams', { userId: member.id, teams: [first.id, second.id], isLineManager: true });
  });

  it('a team, a job, a role and a link (PUT)', async () => {
    const team = await createTeam(hub.db);
    const teamBody: TeamBody = { name: `Renamed team ${Date.now()}`, technology: 'Rust' };
    await sameTwice('PUT', `/api/team/${team.id}`, teamBody);

    const job = (await hub.post('/api/job', { name: `Job ${Date.now()}` }, { token })).body.data.job;
    const jobBody: JobBody = { name: `Renamed job ${Date.now()}` };
    await sameTwice('PUT', `/api/job/${job.id}`, jobBody);

    const role = (await hub.post('/api/role', { name: `Role ${Date.now()}`, capabilities: [] }, { token })).body.data.role;
    const roleBody: RoleBody = { name: `Renamed role ${Date.now()}`, capabilities: ['VIEW_ADMIN'] };
    await sameTwice('PUT', `/api/role/${role.id}`, roleBody);

    const linkBody: LinkBody = { name: `Link ${Date.now()}`, category: 'Docs', url: 'https://example.com', description: 'd', status: 'active' };
    const link = (await hub.post('/api/link', linkBody, { token })).body.data.link;
    await sameTwice('PUT', `/api/link/${link.id}`, { ...linkBody, description: 'Changed' });
  });
});
