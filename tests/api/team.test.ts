import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../server/db/schema';
import { INVITE_MESSAGES } from '../../shared/api/my-team';
import { SESSION_MESSAGES } from '../../shared/rules/messages';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Team calls of the login stepper and the my-team drawer, each rule allowed and refused.
let hub: TestHub;
type Row = Awaited<ReturnType<typeof createUser>>;
const people: Record<'lead' | 'mate' | 'mate2' | 'manager' | 'owner' | 'outsider' | 'managed', Row> = {} as never;
const tokens: Record<string, string> = {};
let alpha: { id: number; name: string };
let beta: { id: number; name: string };

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const leadRole = await createRole(db, { name: `Team lead ${Date.now()}` });
  alpha = await createTeam(db, { name: `Alpha ${Date.now()}` });
  beta = await createTeam(db, { name: `Beta ${Date.now()}` });
  people.lead = await createUser(db, { name: 'Ana Lead', leads: [alpha.id], roleId: leadRole.id });
  people.mate = await createUser(db, { name: 'Bogdan Mate', teamIds: [alpha.id] });
  people.mate2 = await createUser(db, { name: 'Carmen Mate', teamIds: [alpha.id] });
  people.outsider = await createUser(db, { name: 'Dan Outsider', teamIds: [beta.id] });
  people.manager = await createUser(db, { name: 'Elena Manager', manages: [alpha.id] });
  people.owner = await createUser(db, { name: 'Florin Owner', isOwner: true });
  people.managed = await createUser(db, { name: 'Gabi Direct', teamIds: [beta.id], teamleadId: people.manager.id });
  await createUser(db, { name: 'Zed Archived', teamIds: [alpha.id], status: 'deleted' });
  for (const [key, user] of Object.entries(people)) tokens[key] = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

const names = (items: Array<{ name: string }>) => items.map((m) => m.name);

describe('GET /user/team', () => {
  it('lists the other active members of my teams', async () => {
    const res = await hub.get('/api/user/team', { token: tokens.mate });
    expect(res.status).toBe(200);
    expect(names(res.body.data.items)).toEqual(['Ana Lead', 'Carmen Mate']);
    expect(res.body.data.items[0]).toMatchObject({ is_team_lead: true, invited: false, email: people.lead.email });
  });

  it('is empty for someone in no team', async () => {
    const res = await hub.get('/api/user/team', { token: tokens.owner });
    expect(res.body.data.items).toEqual([]);
  });
});

describe('GET /user/team-lead', () => {
  it('is the lead of my team', async () => {
    const res = await hub.get('/api/user/team-lead', { token: tokens.mate });
    expect(res.body.data.user).toMatchObject({ id: people.lead.id, name: 'Ana Lead' });
  });

  it('is my direct manager when one is set', async () => {
    const res = await hub.get('/api/user/team-lead', { token: tokens.managed });
    expect(res.body.data.user).toMatchObject({ id: people.manager.id });
  });

  it('is null when there is neither', async () => {
    const res = await hub.get('/api/user/team-lead', { token: tokens.owner });
    expect(res.body).toEqual({ data: { user: null } });
  });
});

describe('POST /user/invite-in-team', () => {
  it('a team lead invites a team mate by email, once', async () => {
    const res = await hub.post('/api/user/invite-in-team', { team_member_email: people.mate.email?.toUpperCase() }, { token: tokens.lead });
    expect(res.status).toBe(200);
    expect(res.body.data.member).toMatchObject({ id: people.mate.id, invited: true });
    await hub.post('/api/user/invite-in-team', { team_member_email: people.mate.email }, { token: tokens.lead });
    const rows = await hub.db.select().from(invitations).where(eq(invitations.inviterId, people.lead.id));
    expect(rows).toHaveLength(1);
    const team = await hub.get('/api/user/team', { token: tokens.lead });
    expect(team.body.data.items.find((m: { id: number }) => m.id === people.mate.id).invited).toBe(true);
  });

  it('a member who leads no team is refused (403)', async () => {
    const res = await hub.post('/api/user/invite-in-team', { team_member_email: people.mate2.email }, { token: tokens.mate });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ message: SESSION_MESSAGES.forbidden }] });
  });

  it('an unknown email is a 400 on team_member_email', async () => {
    const res = await hub.post('/api/user/invite-in-team', { team_member_email: 'nobody@nowhere.test' }, { token: tokens.lead });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: INVITE_MESSAGES.unknownEmail, field: 'team_member_email' }] });
  });

  it('a missing email is a 400 on team_member_email', async () => {
    const res = await hub.post('/api/user/invite-in-team', {}, { token: tokens.lead });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('team_member_email');
  });
});

describe('GET /teamDetails (my-team drawer)', () => {
  it('a team lead sees the team they lead', async () => {
    const res = await hub.get('/api/teamDetails', { token: tokens.lead });
    expect(res.status).toBe(200);
    expect(res.body.data.teams).toHaveLength(1);
    expect(res.body.data.teams[0]).toMatchObject({ id: alpha.id, name: alpha.name });
    expect(names(res.body.data.teams[0].members)).toEqual(['Bogdan Mate', 'Carmen Mate']);
  });

  it('a teams manager sees the teams they manage', async () => {
    const res = await hub.get('/api/teamDetails', { token: tokens.manager });
    expect(res.body.data.teams.map((t: { id: number }) => t.id)).toEqual([alpha.id]);
    expect(names(res.body.data.teams[0].members)).toEqual(['Ana Lead', 'Bogdan Mate', 'Carmen Mate']);
  });

  it('an owner sees every active team', async () => {
    const res = await hub.get('/api/teamDetails', { token: tokens.owner });
    expect(res.body.data.teams.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([alpha.id, beta.id]));
  });

  it('a plain member is refused (403)', async () => {
    expect((await hub.get('/api/teamDetails', { token: tokens.mate })).status).toBe(403);
  });
});

describe('GET /teamDetails/:userId', () => {
  it('an owner may look at anyone', async () => {
    const res = await hub.get(`/api/teamDetails/${people.lead.id}`, { token: tokens.owner });
    expect(res.status).toBe(200);
    expect(res.body.data.teams[0].id).toBe(alpha.id);
  });

  it('a teams manager may look at a member of a team they manage, not at others', async () => {
    expect((await hub.get(`/api/teamDetails/${people.mate.id}`, { token: tokens.manager })).status).toBe(200);
    expect((await hub.get(`/api/teamDetails/${people.outsider.id}`, { token: tokens.manager })).status).toBe(403);
  });

  it('anyone may look at themselves; a member may not look at others', async () => {
    const self = await hub.get(`/api/teamDetails/${people.mate.id}`, { token: tokens.mate });
    expect(self.status).toBe(200);
    expect(self.body.data.teams.map((t: { id: number }) => t.id)).toEqual([alpha.id]);
    expect((await hub.get(`/api/teamDetails/${people.lead.id}`, { token: tokens.mate })).status).toBe(403);
    expect((await hub.get(`/api/teamDetails/${people.lead.id}`, { token: tokens.lead.replace(/.$/, '_') })).status).toBe(401);
  });

  it('an unknown user is a 404', async () => {
    expect((await hub.get('/api/teamDetails/999999', { token: tokens.owner })).status).toBe(404);
  });
});
