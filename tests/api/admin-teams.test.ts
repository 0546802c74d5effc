import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teams } from '../../server/db/schema';
import { DELETE_BLOCKED, NAME_MESSAGES } from '../../shared/rules/people-messages';
import { SESSION_MESSAGES } from '../../shared/rules/messages';
import { createTeam, createUser } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// The admin Teams tab: POST /team, PUT/DELETE /team/:id, the name rules of spec §5, the delete
// rule of spec §6, the audit row written with the change, and 403 for everyone without view-admin.
let hub: TestHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  for (const name of ['admin', 'member', 'lead', 'guest', 'owner']) tokens[name] = (await hub.login(name)).token;
});
afterAll(() => hub?.close());

const auditFor = (entityId: number) => hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(entityId)));

describe('who may change teams', () => {
  it.each(['member', 'lead', 'guest', 'owner'])('%s gets 403 on every team mutation', async (who) => {
    const team = await createTeam(hub.db);
    const token = tokens[who];
    const attempts = [
      hub.post('/api/team', { name: `Nope ${who}` }, { token }),
      hub.request('PUT', `/api/team/${team.id}`, { token, body: { name: 'Renamed' } }),
      hub.request('DELETE', `/api/team/${team.id}`, { token }),
      hub.get('/api/team/name-taken?name=x', { token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].message).toBe(SESSION_MESSAGES.forbidden);
    }
    const [still] = await hub.db.select().from(teams).where(eq(teams.id, team.id));
    expect(still.name).toBe(team.name);
    expect(await auditFor(team.id)).toHaveLength(0);
  });
});

describe('POST /team and PUT /team/:id', () => {
  it('an admin adds a team; the audit row names who and what', async () => {
    const res = await hub.post('/api/team', { name: '  Andromeda X  ', technology: 'Rust' }, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.team).toMatchObject({ name: 'Andromeda X', technology: 'Rust', status: 'active' });
    const [row] = await hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(res.body.data.team.id)));
    expect(row).toMatchObject({ entity: 'team', action: 'create', before: null });
    expect(row.after).toMatchObject({ name: 'Andromeda X', technology: 'Rust' });
    const list = await hub.get('/api/team?all=true', { token: tokens.admin });
    expect(list.body.data.teams.map((t: { name: string }) => t.name)).toContain('Andromeda X');
  });

  it('a blank name is "Name is required."', async () => {
    for (const body of [{ name: '   ' }, {}, { technology: 'Go' }]) {
      const res = await hub.post('/api/team', body, { token: tokens.admin });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ message: NAME_MESSAGES.required, field: 'name' }]);
    }
  });

  it('a name taken in any letter case is "Team name already exists." and writes nothing', async () => {
    const before = await hub.db.select().from(auditLog);
    const res = await hub.post('/api/team', { name: 'pHoEnIx' }, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: NAME_MESSAGES.teamExists, field: 'name' }]);
    expect(await hub.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it('the live check answers the same question', async () => {
    const taken = await hub.get('/api/team/name-taken?name=PHOENIX', { token: tokens.admin });
    expect(taken.body.data.taken).toBe(true);
    const free = await hub.get('/api/team/name-taken?name=Nobody%20Has%20This', { token: tokens.admin });
    expect(free.body.data.taken).toBe(false);
    const [phoenix] = await hub.db.select().from(teams).where(eq(teams.name, 'Phoenix'));
    const own = await hub.get(`/api/team/name-taken?name=phoenix&except=${phoenix.id}`, { token: tokens.admin });
    expect(own.body.data.taken).toBe(false);
  });

  it('edits a team, keeping its own name in another case, with before and after audited', async () => {
    const team = await createTeam(hub.db, { name: `Vega ${Date.now()}` });
    const res = await hub.request('PUT', `/api/team/${team.id}`, { token: tokens.admin, body: { name: team.name.toUpperCase(), technology: 'Kotlin' } });
    expect(res.status).toBe(200);
    expect(res.body.data.team).toMatchObject({ name: team.name.toUpperCase(), technology: 'Kotlin' });
    const [row] = await auditFor(team.id);
    expect(row).toMatchObject({ action: 'update', before: { name: team.name }, after: { name: team.name.toUpperCase() } });
  });

  it('renaming onto another team is refused', async () => {
    const team = await createTeam(hub.db);
    const res = await hub.request('PUT', `/api/team/${team.id}`, { token: tokens.admin, body: { name: 'phoenix' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ message: NAME_MESSAGES.teamExists, field: 'name' });
  });

  it('an unknown team is 404', async () => {
    const res = await hub.request('PUT', '/api/team/999999', { token: tokens.admin, body: { name: 'Ghost' } });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /team/:id', () => {
  it('is refused with the spec text while an active member belongs to the team', async () => {
    const res0 = await hub.db.select().from(teams).where(eq(teams.name, 'Phoenix'));
    const res = await hub.request('DELETE', `/api/team/${res0[0].id}`, { token: tokens.admin });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].message).toBe(DELETE_BLOCKED.team('Phoenix'));
    expect(await hub.db.select().from(teams).where(eq(teams.id, res0[0].id))).toHaveLength(1);
  });

  it('deletes for good a team whose only members are archived, and audits it', async () => {
    const team = await createTeam(hub.db);
    await createUser(hub.db, { teamIds: [team.id], status: 'deleted' });
    const res = await hub.request('DELETE', `/api/team/${team.id}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(await hub.db.select().from(teams).where(eq(teams.id, team.id))).toHaveLength(0);
    const [row] = await auditFor(team.id);
    expect(row).toMatchObject({ entity: 'team', action: 'delete', after: null, before: { name: team.name } });
  });
});
