import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../server/db/schema';
import { ROLE_MESSAGES } from '../../shared/api/roles';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// The admin Users table (paged and searched on the hub), the Access change of a member,
// and GET /audit with its filters.
let hub: TestHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  for (const name of ['admin', 'member', 'lead', 'guest']) tokens[name] = (await hub.login(name)).token;
});
afterAll(() => hub?.close());

describe('GET /admin/users', () => {
  it.each(['member', 'lead', 'guest'])('%s gets 403', async (who) => {
    expect((await hub.get('/api/admin/users', { token: tokens[who] })).status).toBe(403);
    expect((await hub.request('PUT', '/api/admin/users/1/role', { token: tokens[who], body: { role_id: 1 } })).status).toBe(403);
  });

  it('pages on the hub, five rows by default, with the table columns', async () => {
    const res = await hub.get('/api/admin/users', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, limit: 5 });
    expect(res.body.data.items).toHaveLength(5);
    expect(res.body.data.total).toBeGreaterThan(40);
    expect(Object.keys(res.body.data.items[0]).sort()).toEqual(
      ['access_label', 'email', 'id', 'job', 'join_date', 'name', 'phone', 'role', 'status', 'team', 'username'].sort(),
    );
    const page2 = await hub.get('/api/admin/users?page=2&limit=15', { token: tokens.admin });
    expect(page2.body.data.items).toHaveLength(15);
    expect(page2.body.data.items[0].id).not.toBe(res.body.data.items[0].id);
  });

  it('searches names and emails case-insensitively', async () => {
    const res = await hub.get('/api/admin/users?search=ANDREEA', { token: tokens.admin });
    expect(res.body.data.items.map((u: { name: string }) => u.name)).toContain('Andreea Marin');
    const admin = res.body.data.items.find((u: { name: string }) => u.name === 'Andreea Marin');
    expect(admin.access_label).toBe('Admin');
    const none = await hub.get('/api/admin/users?search=zzzz-nobody', { token: tokens.admin });
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
  });
});

describe('PUT /admin/users/:id/role', () => {
  it('gives a member another role; their next request has the new rights; audited', async () => {
    const person = await createUser(hub.db);
    const { token } = await hub.login(person.username, TEST_PASSWORD);
    const [admin] = await hub.db.select().from(roles).where(eq(roles.name, 'Admin'));
    expect((await hub.get('/api/role', { token })).status).toBe(403);
    const res = await hub.request('PUT', `/api/admin/users/${person.id}/role`, { token: tokens.admin, body: { role_id: admin.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: person.id, access_label: 'Admin', role: { id: admin.id, name: 'Admin' } });
    expect((await hub.get('/api/role', { token })).status).toBe(200);
    const [row] = await hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(person.id)));
    expect(row).toMatchObject({ entity: 'user', action: 'role', after: { roleId: admin.id } });
  });

  it('refuses a deleted or unknown role', async () => {
    const person = await createUser(hub.db);
    const gone = await createRole(hub.db, { status: 'deleted' });
    const res = await hub.request('PUT', `/api/admin/users/${person.id}/role`, { token: tokens.admin, body: { role_id: gone.id } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('role_id');
  });

  it('refuses taking view-admin from the last person who has it', async () => {
    const lonely = await createRole(hub.db, { capabilities: ['VIEW_ADMIN'] });
    const [adminRole] = await hub.db.select().from(roles).where(eq(roles.name, 'Admin'));
    await hub.db.update(roles).set({ status: 'deleted' }).where(eq(roles.id, adminRole.id));
    const soleAdmin = await createUser(hub.db, { roleId: lonely.id });
    const holders = await hub.db.select().from(users).where(eq(users.roleId, lonely.id));
    expect(holders).toHaveLength(1);
    const [plain] = await hub.db.select().from(roles).where(eq(roles.name, 'User'));
    // the admin's own token stops working for admin calls while Admin is deleted, so act as the sole admin
    const { token } = await hub.login(soleAdmin.username, TEST_PASSWORD);
    const res = await hub.request('PUT', `/api/admin/users/${soleAdmin.id}/role`, { token, body: { role_id: plain.id } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(ROLE_MESSAGES.lastAdmin);
    await hub.db.update(roles).set({ status: 'active' }).where(eq(roles.id, adminRole.id));
  });
});

describe('GET /audit', () => {
  it.each(['member', 'lead', 'guest'])('%s gets 403', async (who) => {
    expect((await hub.get('/api/audit', { token: tokens[who] })).status).toBe(403);
  });

  it('lists changes newest first with who made them, filtered by entity, actor and day', async () => {
    await hub.post('/api/team', { name: 'Audit Trail Team' }, { token: tokens.admin });
    await hub.post('/api/job', { name: 'Audit Trail Job' }, { token: tokens.admin });
    const all = await hub.get('/api/audit', { token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.body.data.items[0]).toMatchObject({ entity: 'job', action: 'create', actor: { name: 'Andreea Marin' } });
    const teamsOnly = await hub.get('/api/audit?entity=team', { token: tokens.admin });
    expect(teamsOnly.body.data.items.every((e: { entity: string }) => e.entity === 'team')).toBe(true);
    expect(teamsOnly.body.data.items[0].after.name).toBe('Audit Trail Team');
    const actorId = all.body.data.items[0].actor.id;
    const byActor = await hub.get(`/api/audit?actor=${actorId}`, { token: tokens.admin });
    expect(byActor.body.data.total).toBeGreaterThanOrEqual(2);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await hub.get(`/api/audit?from=${today}&to=${today}`, { token: tokens.admin });
    expect(dated.body.data.total).toBe(all.body.data.total);
    const past = await hub.get('/api/audit?to=2000-01-01', { token: tokens.admin });
    expect(past.body.data.total).toBe(0);
    const actors = await hub.get('/api/audit/actors', { token: tokens.admin });
    expect(actors.body.data.items.map((a: { name: string }) => a.name)).toContain('Andreea Marin');
  });

  it('refuses bad filters with a field message', async () => {
    const res = await hub.get('/api/audit?entity=planet&from=yesterday', { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['entity', 'from']);
  });
});
