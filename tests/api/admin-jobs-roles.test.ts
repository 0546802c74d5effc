import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, roles, users } from '../../server/db/schema';
import { ROLE_MESSAGES } from '../../shared/api/roles';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { DELETE_BLOCKED, NAME_MESSAGES } from '../../shared/rules/people-messages';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// The admin Roles (jobs) and Access (roles) tabs: spec §4/§5/§6 rules, allowed and refused, audited.
let hub: TestHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  for (const name of ['admin', 'member', 'lead', 'guest']) tokens[name] = (await hub.login(name)).token;
});
afterAll(() => hub?.close());

const auditOf = (entity: string, id: number) =>
  hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(id))).then((rows) => rows.filter((r) => r.entity === entity));

describe('jobs', () => {
  it('each job and role counts its active holders', async () => {
    const active = await hub.db.select({ jobId: users.jobId, roleId: users.roleId }).from(users).where(eq(users.status, 'active'));
    const count = (key: 'jobId' | 'roleId', id: number) => active.filter((u) => u[key] === id).length;
    const jobList = (await hub.get('/api/job', { token: tokens.admin })).body.data.jobs as Array<{ id: number; members: number }>;
    expect(jobList.some((j) => j.members > 0)).toBe(true);
    for (const job of jobList) expect(job.members, `job ${job.id}`).toBe(count('jobId', job.id));
    const roleList = (await hub.get('/api/role', { token: tokens.admin })).body.data.roles as Array<{ id: number; members: number }>;
    expect(roleList.some((r) => r.members > 0)).toBe(true);
    for (const role of roleList) expect(role.members, `role ${role.id}`).toBe(count('roleId', role.id));
  });

  it.each(['member', 'lead', 'guest'])('%s gets 403 on every job call', async (who) => {
    const [job] = await hub.db.insert(jobs).values({ name: `Job ${who} ${Date.now()}` }).returning();
    const token = tokens[who];
    for (const res of await Promise.all([
      hub.get('/api/job', { token }),
      hub.post('/api/job', { name: 'Nope' }, { token }),
      hub.request('PUT', `/api/job/${job.id}`, { token, body: { name: 'Nope' } }),
      hub.request('DELETE', `/api/job/${job.id}`, { token }),
    ])) expect(res.status).toBe(403);
    expect(await auditOf('job', job.id)).toHaveLength(0);
  });

  it('an admin lists, adds, renames and deletes a job, each change audited', async () => {
    const list = await hub.get('/api/job', { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.data.jobs.length).toBeGreaterThan(3);
    const created = await hub.post('/api/job', { name: 'Chief Coffee Officer' }, { token: tokens.admin });
    expect(created.body.data.job).toMatchObject({ name: 'Chief Coffee Officer', members: 0 });
    const id = created.body.data.job.id;
    const renamed = await hub.request('PUT', `/api/job/${id}`, { token: tokens.admin, body: { name: 'Chief Tea Officer' } });
    expect(renamed.body.data.job.name).toBe('Chief Tea Officer');
    const deleted = await hub.request('DELETE', `/api/job/${id}`, { token: tokens.admin });
    expect(deleted.status).toBe(200);
    expect(await hub.db.select().from(jobs).where(eq(jobs.id, id))).toHaveLength(0);
    expect((await auditOf('job', id)).map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('uses the team rule and message for names (spec §5)', async () => {
    const [existing] = await hub.db.select().from(jobs).limit(1);
    const dup = await hub.post('/api/job', { name: existing.name.toUpperCase() }, { token: tokens.admin });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ message: NAME_MESSAGES.teamExists, field: 'name' }]);
    const blank = await hub.post('/api/job', { name: '' }, { token: tokens.admin });
    expect(blank.body.errors).toEqual([{ message: NAME_MESSAGES.required, field: 'name' }]);
    const live = await hub.get(`/api/job/name-taken?name=${encodeURIComponent(existing.name.toLowerCase())}`, { token: tokens.admin });
    expect(live.body.data.taken).toBe(true);
  });

  it('a job held by an active member cannot be deleted (spec §8 text)', async () => {
    const [job] = await hub.db.insert(jobs).values({ name: 'Lighthouse Keeper' }).returning();
    const holder = await createUser(hub.db);
    await hub.db.update(users).set({ jobId: job.id }).where(eq(users.id, holder.id));
    const res = await hub.request('DELETE', `/api/job/${job.id}`, { token: tokens.admin });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].message).toBe(DELETE_BLOCKED.job('Lighthouse Keeper'));
    expect(await auditOf('job', job.id)).toHaveLength(0);
    // once the holder is archived the job may go; the archived member loses it
    await hub.db.update(users).set({ status: 'deleted' }).where(eq(users.id, holder.id));
    expect((await hub.request('DELETE', `/api/job/${job.id}`, { token: tokens.admin })).status).toBe(200);
    const [after] = await hub.db.select().from(users).where(eq(users.id, holder.id));
    expect(after.jobId).toBeNull();
  });
});

describe('roles and capabilities', () => {
  it.each(['member', 'lead', 'guest'])('%s gets 403 on every role call', async (who) => {
    const role = await createRole(hub.db);
    const token = tokens[who];
    for (const res of await Promise.all([
      hub.get('/api/role', { token }),
      hub.get('/api/capabilities', { token }),
      hub.post('/api/role', { name: 'Nope' }, { token }),
      hub.request('PUT', `/api/role/${role.id}`, { token, body: { name: 'Nope', capabilities: ['VIEW_ADMIN'] } }),
      hub.request('DELETE', `/api/role/${role.id}`, { token }),
      hub.request('PATCH', `/api/role/${role.id}/restore`, { token }),
    ])) expect(res.status).toBe(403);
  });

  it('GET /capabilities lists the one capability list in its four groups', async () => {
    const res = await hub.get('/api/capabilities', { token: tokens.admin });
    expect(res.body.data.groups.map((g: { key: string }) => g.key)).toEqual(['sidebar', 'userInfo', 'extraInfo', 'others']);
    const keys = res.body.data.groups.flatMap((g: { capabilities: Array<{ key: string }> }) => g.capabilities.map((c) => c.key));
    expect(keys.sort()).toEqual([...ALL_CAPABILITIES].sort());
  });

  it('creates, edits, deletes and restores a role, audited, and refuses unknown keys and blank names', async () => {
    const created = await hub.post('/api/role', { name: 'Auditor', capabilities: ['VIEW_ALL_USER_INFO', 'EXPORT_USERS'] }, { token: tokens.admin });
    expect(created.body.data.role).toMatchObject({ name: 'Auditor', status: 'active', capabilities: ['VIEW_ALL_USER_INFO', 'EXPORT_USERS'] });
    const id = created.body.data.role.id;
    const bad = await hub.request('PUT', `/api/role/${id}`, { token: tokens.admin, body: { name: 'Auditor', capabilities: ['ROOT'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('capabilities.0');
    const blank = await hub.request('PUT', `/api/role/${id}`, { token: tokens.admin, body: { name: ' ', capabilities: [] } });
    expect(blank.body.errors).toEqual([{ message: NAME_MESSAGES.required, field: 'name' }]);
    const dup = await hub.post('/api/role', { name: 'auditor' }, { token: tokens.admin });
    expect(dup.body.errors).toEqual([{ message: ROLE_MESSAGES.nameExists, field: 'name' }]);
    const edited = await hub.request('PUT', `/api/role/${id}`, { token: tokens.admin, body: { name: 'Auditors', capabilities: ['DOWNLOAD_CV'] } });
    expect(edited.body.data.role.capabilities).toEqual(['DOWNLOAD_CV']);
    expect((await hub.request('DELETE', `/api/role/${id}`, { token: tokens.admin })).body.data.role.status).toBe('deleted');
    expect((await hub.request('PATCH', `/api/role/${id}/restore`, { token: tokens.admin })).body.data.role.status).toBe('active');
    expect((await auditOf('role', id)).map((r) => r.action).sort()).toEqual(['create', 'delete', 'restore', 'update']);
  });

  it('the role named User cannot be deleted', async () => {
    const [user] = await hub.db.select().from(roles).where(eq(roles.name, 'User'));
    const res = await hub.request('DELETE', `/api/role/${user.id}`, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(ROLE_MESSAGES.undeletable('User'));
    const [still] = await hub.db.select().from(roles).where(eq(roles.id, user.id));
    expect(still.status).toBe('active');
    expect(await auditOf('role', user.id)).toHaveLength(0);
    // the rules name it, so it keeps its name too
    const renamed = await hub.request('PUT', `/api/role/${user.id}`, { token: tokens.admin, body: { name: 'Staff', capabilities: [] } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual([{ message: ROLE_MESSAGES.undeletable('User'), field: 'name' }]);
  });

  it('a signed-in member gets new rights at their next request, and loses them when the role is deleted', async () => {
    const role = await createRole(hub.db, { capabilities: [] });
    const person = await createUser(hub.db, { roleId: role.id });
    const { token } = await hub.login(person.username, TEST_PASSWORD);
    expect((await hub.get('/api/job', { token })).status).toBe(403);
    await hub.request('PUT', `/api/role/${role.id}`, { token: tokens.admin, body: { name: role.name, capabilities: ['VIEW_ADMIN'] } });
    expect((await hub.get('/api/job', { token })).status).toBe(200);
    const me = await hub.get('/api/auth/me', { token });
    expect(me.body.data.user.capabilities).toEqual(['VIEW_ADMIN']);
    await hub.request('DELETE', `/api/role/${role.id}`, { token: tokens.admin });
    expect((await hub.get('/api/job', { token })).status).toBe(403);
  });

  it('refuses a change that would leave nobody with view-admin', async () => {
    const [admin] = await hub.db.select().from(roles).where(eq(roles.name, 'Admin'));
    const holders = await hub.db.select({ id: roles.id, caps: roles.capabilities }).from(roles);
    const others = holders.filter((r) => r.id !== admin.id && r.caps.includes('VIEW_ADMIN'));
    for (const r of others) await hub.db.update(roles).set({ status: 'deleted' }).where(eq(roles.id, r.id));
    const res = await hub.request('PUT', `/api/role/${admin.id}`, { token: tokens.admin, body: { name: 'Admin', capabilities: ['DOWNLOAD_CV'] } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(ROLE_MESSAGES.lastAdmin);
    const del = await hub.request('DELETE', `/api/role/${admin.id}`, { token: tokens.admin });
    expect(del.body.errors[0].message).toBe(ROLE_MESSAGES.lastAdmin);
    const [still] = await hub.db.select().from(roles).where(eq(roles.id, admin.id));
    expect(still).toMatchObject({ status: 'active' });
    expect(still.capabilities).toContain('VIEW_ADMIN');
    for (const r of others) await hub.db.update(roles).set({ status: 'active' }).where(eq(roles.id, r.id));
  });
});
