import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/features/notifications/schema';
import {
  alignmentCandidatesResponseSchema, alignmentLinksResponseSchema, CANDIDATES_MESSAGES, alignmentSearchResponseSchema, alignmentTreeResponseSchema, linkResponseSchema,
} from '../../shared/api/alignment';
import { camelize } from '../../shared/api/case';
import { objectiveListResponseSchema, objectiveResponseSchema } from '../../shared/api/objectives';
import { ALIGNMENT_MESSAGES as A, PRIVATE_OBJECTIVE_LABEL } from '../../shared/rules/alignment';
import { LEVEL_MESSAGES } from '../../shared/rules/objective-levels';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Levels and links: team and company objectives, links between objectives and key
// results, roll-ups and the alignment tree, each allowed and refused case as each role, on the
// database the project runs (api: PGlite, api-pg: PostgreSQL). Answers are read with the hub's
// own schemas.

type Person = Who | 'admin';
let w: ObjectiveWorld;
const tokens = {} as Record<Person, string>;
const ids = {} as Record<Person, number>;

beforeAll(async () => {
  w = await buildWorld();
  const adminRole = await createRole(w.hub.db, { name: 'Admin', capabilities: ['VIEW_ADMIN'] });
  const admin = await createUser(w.hub.db, { name: 'Ioana Admin', teamIds: [w.beta], roleId: adminRole.id });
  Object.assign(tokens, w.tokens, { admin: (await w.hub.login(admin.username, TEST_PASSWORD)).token });
  Object.assign(ids, w.ids, { admin: admin.id });
});
afterAll(() => w?.hub.close());

const form = (who: Person, fields: Record<string, unknown> = {}) => ({
  title: 'Grow the platform', team_id: w.alpha, owner_id: ids[who], description: 'Company-wide', category: 'Management', subcategory: 'Organization',
  priority: 'high', deadline: day(90), ...fields,
});

const createLevel = (who: Person, level: 'team' | 'company', fields: Record<string, unknown> = {}) =>
  w.hub.post('/api/alignment/objectives', { ...form(who, fields), level }, { token: tokens[who] });

async function levelId(who: Person, level: 'team' | 'company', fields: Record<string, unknown> = {}): Promise<number> {
  const res = await createLevel(who, level, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return objectiveResponseSchema.parse(camelize(res.body)).data.id;
}

async function personalId(who: Who, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await w.create(who, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function detail(who: Person, id: number) {
  const res = await w.hub.get(`/api/objective/${id}`, { token: tokens[who] });
  return { status: res.status, body: res.body, data: res.status === 200 ? objectiveResponseSchema.parse(camelize(res.body)).data : null };
}

const link = (who: Person, childId: number, parentId: number, keyResultId?: number) =>
  w.hub.post(`/api/objective/${childId}/links`, { parent_id: parentId, ...(keyResultId ? { key_result_id: keyResultId } : {}) }, { token: tokens[who] });

async function linked(who: Person, childId: number, parentId: number, keyResultId?: number): Promise<number> {
  const res = await link(who, childId, parentId, keyResultId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { supports } = alignmentLinksResponseSchema.parse(camelize(res.body)).data;
  const made = supports.find((l) => l.objective?.id === parentId && (l.keyResult?.id ?? undefined) === keyResultId);
  expect(made).toBeDefined();
  return made!.id;
}

const message = (res: { body: { errors: Array<{ message: string }> } }) => res.body.errors[0].message;

async function keyResultId(who: Person, objectiveId: number): Promise<number> {
  const res = await w.hub.post(`/api/objective/${objectiveId}`, { title: 'Measure', description: 'It', priority: 'medium', deadline: day(20) }, { token: tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function checkIn(who: Person, krId: number, percent: number) {
  const res = await w.hub.post(`/api/key-result/${krId}/check-ins`, { percent, confidence: 'on_track' }, { token: tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const setMode = (who: Person, id: number, mode: 'children' | 'key_results') => w.hub.request('PUT', `/api/objective/${id}/rollup`, { token: tokens[who], body: { mode } });

async function progress(who: Person, id: number): Promise<number> {
  const d = await detail(who, id);
  expect(d.status).toBe(200);
  return d.data!.progress;
}

async function listIds(who: Person, query = 'limit=100'): Promise<number[]> {
  const res = await w.hub.get(`/api/objective?${query}`, { token: tokens[who] });
  return objectiveListResponseSchema.parse(camelize(res.body)).data.items.map((o) => o.id);
}

describe('creating team and company objectives', () => {
  it('an owner and an admin create company objectives; no one else', async () => {
    const res = await createLevel('owner', 'company');
    expect(res.status).toBe(200);
    const created = objectiveResponseSchema.parse(camelize(res.body)).data;
    expect(created).toMatchObject({ level: 'company', team: null, rollupMode: 'key_results', supports: [], supportedByCount: 0 });
    expect((await createLevel('admin', 'company')).status).toBe(200);
    for (const who of ['lead', 'manager', 'member', 'guest', 'otherLead'] as const) {
      const refused = await createLevel(who, 'company');
      expect(refused.status, who).toBe(403);
      expect(message(refused)).toBe(LEVEL_MESSAGES.companyForbidden);
    }
  });
  it("the team's lead or teams manager, or an owner, create team objectives; not a member, another team's lead or an admin", async () => {
    for (const who of ['lead', 'manager', 'owner'] as const) {
      const res = await createLevel(who, 'team', who === 'owner' ? { owner_id: ids.lead } : {});
      expect(res.status, who).toBe(200);
      expect(res.body.data).toMatchObject({ level: 'team', team: { id: w.alpha } });
    }
    for (const who of ['member', 'otherLead', 'admin', 'guest'] as const) {
      const refused = await createLevel(who, 'team');
      expect(refused.status, who).toBe(403);
      expect(message(refused)).toBe(LEVEL_MESSAGES.teamForbidden);
    }
  });
  it('a team objective needs its team, and an assignee of that team', async () => {
    const noTeam = await createLevel('lead', 'team', { team_id: undefined });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.errors).toEqual([{ message: LEVEL_MESSAGES.teamRequired, field: 'team_id' }]);
    const stranger = await createLevel('owner', 'team', { owner_id: ids.outsider });
    expect(stranger.status).toBe(400);
    expect(message(stranger)).toBe(LEVEL_MESSAGES.teamOwner);
  });
  it('personal objectives are what they were: level personal, own key results', async () => {
    const d = await detail('member', await personalId('member'));
    expect(d.data).toMatchObject({ level: 'personal', rollupMode: 'key_results', alignment: { supports: [], supportedBy: [] } });
  });
});

describe('who sees and edits team and company objectives', () => {
  let companyId: number;
  let teamId: number;
  beforeAll(async () => {
    companyId = await levelId('owner', 'company', { title: 'Company private goal' });
    teamId = await levelId('lead', 'team', { title: 'Alpha private goal' });
  });
  it('a company objective is seen by everyone, in the list as in the details', async () => {
    for (const who of ['member', 'mate', 'guest', 'outsider', 'otherLead', 'admin', 'manager'] as const) {
      expect((await detail(who, companyId)).status, who).toBe(200);
      expect(await listIds(who, 'level=company&limit=100'), who).toContain(companyId);
    }
  });
  it("a team objective is seen by its team, its lead and manager, owners and admins; not by another team", async () => {
    for (const who of ['member', 'mate', 'lead', 'manager', 'owner', 'admin'] as const) {
      expect((await detail(who, teamId)).status, who).toBe(200);
      expect(await listIds(who, 'level=team&limit=100'), who).toContain(teamId);
    }
    for (const who of ['outsider', 'otherLead', 'guest'] as const) {
      const d = await detail(who, teamId);
      expect(d.status, who).toBe(404);
      expect(await listIds(who, 'level=team&limit=100'), who).not.toContain(teamId);
    }
  });
  it('only its editors change them', async () => {
    expect((await detail('member', companyId)).data?.readOnly).toBe(true);
    expect((await detail('admin', companyId)).data?.readOnly).toBe(false);
    expect((await detail('member', teamId)).data?.readOnly).toBe(true);
    expect((await detail('manager', teamId)).data?.readOnly).toBe(false);
    const edit = await w.put('member', companyId, { title: 'Mine now', ...(await w.version(companyId)) });
    expect(edit.status).toBe(403);
    const admin = await w.hub.request('PUT', `/api/objective/${companyId}`, { token: tokens.admin, body: { title: 'Renamed goal', ...(await w.version(companyId)) } });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ title: 'Renamed goal', team: null, level: 'company' });
  });
  it('a team objective waits for an owner to approve its completion; a company objective needs no approval', async () => {
    const complete = await w.put('lead', teamId, { action: 'complete' });
    expect(complete.status).toBe(200);
    expect(complete.body.data.status).toBe('waiting for approval');
    const leadList = await w.hub.get('/api/objective/approvals', { token: tokens.lead });
    expect(leadList.body.data.items.map((r: { id: number }) => r.id)).not.toContain(teamId);
    const ownerList = await w.hub.get('/api/objective/approvals', { token: tokens.owner });
    expect(ownerList.body.data.items.map((r: { id: number }) => r.id)).toContain(teamId);
    const [told] = await w.hub.db.select().from(notifications).where(and(eq(notifications.userId, ids.owner), eq(notifications.kind, 'approval_requested')));
    expect(told).toBeDefined();
    expect((await w.hub.post(`/api/objective/${teamId}/approval`, { decision: 'approve' }, { token: tokens.manager })).status).toBe(403);
    const approved = await w.hub.post(`/api/objective/${teamId}/approval`, { decision: 'approve' }, { token: tokens.owner });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('completed');
    const direct = await w.hub.request('PUT', `/api/objective/${companyId}`, { token: tokens.admin, body: { action: 'complete' } });
    expect(direct.body.data.status).toBe('completed');
  });
});

describe('links: allowed', () => {
  it('a member links a personal objective and a key result to a team objective; both ends show it and the parent’s owner is told', async () => {
    const team = await levelId('lead', 'team', { title: 'Ship the platform' });
    const mine = await personalId('member', { title: 'My part of it' });
    const kr = await keyResultId('member', mine);
    await linked('member', mine, team);
    await linked('member', mine, team, kr);
    const child = (await detail('member', mine)).data!;
    expect(child.supports).toEqual([{ id: team, title: 'Ship the platform', level: 'team' }]);
    expect(child.alignment.supports.map((l) => [l.objective?.id, l.keyResult?.id ?? null, l.canRemove])).toEqual([[team, null, true], [team, kr, true]]);
    const parent = (await detail('lead', team)).data!;
    expect(parent.supportedByCount).toBe(2);
    expect(parent.alignment.supportedBy.every((l) => l.objective?.id === mine && l.canRemove && l.canSetWeight)).toBe(true);
    const told = await w.hub.db.select().from(notifications).where(and(eq(notifications.userId, ids.lead), eq(notifications.kind, 'objective_supported')));
    expect(told.map((n) => n.body)).toContain('Bogdan Member linked "My part of it" to "Ship the platform".');
  });
  it('the owner links a team objective to a company objective; a lead links a member’s objective (they may edit it)', async () => {
    const company = await levelId('admin', 'company');
    const team = await levelId('lead', 'team');
    await linked('owner', team, company);
    await linked('lead', team, company === team ? company : await levelId('owner', 'company'));
    const members = await personalId('member');
    await linked('lead', members, team);
  });
});

describe('links: refused, one message per case', () => {
  let company: number;
  let team: number;
  let mine: number;
  beforeAll(async () => {
    company = await levelId('owner', 'company');
    team = await levelId('lead', 'team');
    mine = await personalId('member');
  });
  it('same or lower level', async () => {
    const other = await personalId('member');
    const same = await link('member', mine, other);
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ message: A.notHigherLevel, field: 'parent_id' }]);
    const otherTeam = await levelId('lead', 'team');
    expect(message(await link('lead', team, otherTeam))).toBe(A.notHigherLevel);
    expect(message(await link('lead', team, mine))).toBe(A.notHigherLevel);
    expect(message(await link('owner', company, team))).toBe(A.notHigherLevel);
  });
  it('a cycle: the objective itself, or one that already supports it', async () => {
    const self = await link('member', mine, mine);
    expect(self.status).toBe(400);
    expect(message(self)).toBe(A.cycle);
    const child = await personalId('member');
    await linked('member', child, team);
    const back = await link('lead', team, child);
    expect(back.status).toBe(400);
    expect(message(back)).toBe(A.cycle);
  });
  it('more than five', async () => {
    const child = await personalId('member');
    for (let i = 0; i < 5; i += 1) await linked('member', child, await levelId('owner', 'company', { title: `Goal ${i}` }));
    const sixth = await link('member', child, company);
    expect(sixth.status).toBe(400);
    expect(message(sixth)).toBe(A.tooMany);
    // each key result has its own five
    await linked('member', child, company, await keyResultId('member', child));
  });
  it('twice the same', async () => {
    const child = await personalId('member');
    await linked('member', child, company);
    expect(message(await link('member', child, company))).toBe(A.duplicate);
  });
  it('an archived parent', async () => {
    const archived = await levelId('owner', 'company');
    await w.put('owner', archived, { action: 'complete' });
    expect((await w.put('owner', archived, { action: 'archive' })).body.data.status).toBe('archived');
    const res = await link('member', mine, archived);
    expect(res.status).toBe(400);
    expect(message(res)).toBe(A.archivedParent);
  });
  it('a parent the person may not see answers exactly as a missing one (404, nothing leaks)', async () => {
    const hidden = await levelId('otherLead', 'team', { team_id: w.beta, owner_id: ids.otherLead });
    const res = await link('member', mine, hidden);
    const missing = await link('member', mine, 2_000_000_000);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(missing.body);
    // even when archived, deleted or over the limit, it is 'not found' first
    await w.put('otherLead', hidden, { action: 'complete' });
    await w.put('otherLead', hidden, { action: 'archive' });
    expect((await link('member', mine, hidden)).body).toEqual(missing.body);
  });
  it('someone who may not edit the child, and a child they may not see', async () => {
    const mates = await personalId('mate', { is_public: true });
    const notTheirs = await link('member', mates, team);
    expect(notTheirs.status).toBe(403);
    expect(message(notTheirs)).toBe(A.mayNotLink);
    expect((await link('outsider', mine, company)).status).toBe(404);
    expect((await link('guest', mine, company)).status).toBe(404);
  });
  it('a key result of another objective', async () => {
    const otherKr = await keyResultId('member', await personalId('member'));
    expect((await link('member', mine, team, otherKr)).status).toBe(404);
  });
});

describe('removing links and weights', () => {
  it("the child's owner and the parent's editors remove it; others who see it may not; those who see neither end get 'no such link'", async () => {
    const team = await levelId('lead', 'team');
    const child = await personalId('member', { is_public: true });
    const first = await linked('member', child, team);
    const mate = await w.hub.request('DELETE', `/api/objective-link/${first}`, { token: tokens.mate });
    expect(mate.status).toBe(403);
    expect(message(mate)).toBe(A.mayNotRemove);
    const outsider = await w.hub.request('DELETE', `/api/objective-link/${first}`, { token: tokens.outsider });
    expect(outsider.status).toBe(403);
    const none = await w.hub.request('DELETE', '/api/objective-link/2000000000', { token: tokens.outsider });
    expect(none.status).toBe(404);
    expect(message(none)).toBe(A.linkNotFound);
    expect((await w.hub.request('DELETE', `/api/objective-link/${first}`, { token: tokens.lead })).status).toBe(200);
    const second = await linked('member', child, team);
    expect((await w.hub.request('DELETE', `/api/objective-link/${second}`, { token: tokens.member })).status).toBe(200);
    expect((await detail('lead', team)).data!.supportedByCount).toBe(0);
    const hiddenEnds = await linked('member', await personalId('member'), team);
    const guest = await w.hub.request('DELETE', `/api/objective-link/${hiddenEnds}`, { token: tokens.guest });
    expect(guest.status).toBe(404);
  });
  it("weights are the parent's editors': 1 to 100", async () => {
    const team = await levelId('lead', 'team');
    const id = await linked('member', await personalId('member'), team);
    const byChild = await w.hub.request('PUT', `/api/objective-link/${id}`, { token: tokens.member, body: { weight: 3 } });
    expect(byChild.status).toBe(403);
    expect(message(byChild)).toBe(A.mayNotWeigh);
    for (const weight of [0, 101, 2.5]) {
      const bad = await w.hub.request('PUT', `/api/objective-link/${id}`, { token: tokens.lead, body: { weight } });
      expect(bad.status, String(weight)).toBe(400);
      expect(message(bad)).toBe(A.weight);
    }
    const ok = await w.hub.request('PUT', `/api/objective-link/${id}`, { token: tokens.lead, body: { weight: 3 } });
    expect(ok.status).toBe(200);
    expect(linkResponseSchema.parse(camelize(ok.body)).data).toMatchObject({ id, weight: 3, canSetWeight: true });
  });
  it("the roll-up mode is the objective's editors'", async () => {
    const team = await levelId('lead', 'team');
    expect((await setMode('member', team, 'children')).status).toBe(403);
    expect((await setMode('outsider', team, 'children')).status).toBe(404);
    const bad = await w.hub.request('PUT', `/api/objective/${team}/rollup`, { token: tokens.lead, body: { mode: 'sideways' } });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe(A.rollupMode);
    const ok = await setMode('lead', team, 'children');
    expect(ok.status).toBe(200);
    expect(ok.body.data.rollup_mode).toBe('children');
  });
});

describe('roll-up, in the transaction of each change', () => {
  /** A team objective rolling up from two personal objectives of alpha, each with a key result. */
  async function chain() {
    const team = await levelId('lead', 'team', { title: 'Rolled up' });
    const a = await personalId('member', { title: 'A' });
    const b = await personalId('mate', { title: 'B' });
    const ka = await keyResultId('member', a);
    const kb = await keyResultId('mate', b);
    const la = await linked('member', a, team);
    const lb = await linked('mate', b, team);
    expect((await setMode('lead', team, 'children')).status).toBe(200);
    return { team, a, b, ka, kb, la, lb };
  }

  it('follows check-ins, key results completed, added and deleted, and weights', async () => {
    const c = await chain();
    expect(await progress('lead', c.team)).toBe(0);
    await checkIn('member', c.ka, 40);
    expect(await progress('lead', c.team)).toBe(20);
    const done = await w.hub.request('PUT', `/api/key-result/${c.kb}`, { token: tokens.mate, body: { action: 'complete', percentage: 100 } });
    expect(done.status).toBe(200);
    expect(await progress('lead', c.team)).toBe(70);
    const weighed = await w.hub.request('PUT', `/api/objective-link/${c.la}`, { token: tokens.lead, body: { weight: 3 } });
    expect(weighed.status).toBe(200);
    expect(await progress('lead', c.team)).toBe(55); // (40·3 + 100) / 4
    const extra = await keyResultId('member', c.a); // A: (40 + 0) / 2 = 20
    expect(await progress('lead', c.team)).toBe(40); // (20·3 + 100) / 4
    expect((await w.hub.request('DELETE', `/api/key-result/${extra}`, { token: tokens.member })).status).toBe(200);
    expect(await progress('lead', c.team)).toBe(55);
  });

  it('leaves out an archived or deleted child and follows links added and removed', async () => {
    const c = await chain();
    await checkIn('member', c.ka, 60);
    await checkIn('mate', c.kb, 20);
    expect(await progress('lead', c.team)).toBe(40);
    // the teams manager completes and archives the mate's objective (a lead may only delete it, spec §4)
    expect((await w.put('manager', c.b, { action: 'complete' })).body.data.status).toBe('completed');
    expect((await w.put('manager', c.b, { action: 'archive' })).body.data.status).toBe('archived');
    expect(await progress('lead', c.team)).toBe(60);
    // restored to completed, it counts again, as 100 (shared/rules/objective-progress.ts): (60 + 100) / 2
    expect((await w.put('manager', c.b, { action: 'restore' })).body.data.status).toBe('completed');
    expect(await progress('lead', c.team)).toBe(80);
    expect((await w.hub.request('DELETE', `/api/objective-link/${c.la}`, { token: tokens.member })).status).toBe(200);
    expect(await progress('lead', c.team)).toBe(100);
    const other = await personalId('member');
    await checkIn('member', await keyResultId('member', other), 80);
    await linked('member', other, c.team);
    expect(await progress('lead', c.team)).toBe(90);
    expect((await w.hub.request('DELETE', `/api/objective/${other}`, { token: tokens.lead })).status).toBe(200);
    expect(await progress('lead', c.team)).toBe(100);
  });

  it('rolls up two levels and from a key result, and agrees in lists, details and the tree', async () => {
    const c = await chain();
    const company = await levelId('owner', 'company', { title: 'Rolled twice' });
    await linked('lead', c.team, company);
    const kr = await keyResultId('member', c.a);
    await linked('member', c.a, company, kr);
    expect((await setMode('owner', company, 'children')).status).toBe(200);
    await checkIn('member', c.ka, 100);
    await checkIn('member', kr, 50);
    // A = (100 + 50) / 2 = 75; team = (75 + 0) / 2 = 38 (37.5 rounded); company = (38 + 50) / 2 = 44
    expect(await progress('lead', c.team)).toBe(38);
    expect(await progress('owner', company)).toBe(44);
    const listed = objectiveListResponseSchema.parse(camelize((await w.hub.get('/api/objective?level=company&limit=100', { token: tokens.owner })).body)).data.items;
    expect(listed.find((o) => o.id === company)?.progress).toBe(44);
    const tree = alignmentTreeResponseSchema.parse(camelize((await w.hub.get(`/api/alignment/tree?parent_id=${company}`, { token: tokens.owner })).body)).data;
    expect(tree.parent?.progress).toBe(44);
    expect(tree.items.map((n) => (n.kind === 'private' ? n.kind : [n.kind, n.progress]))).toEqual([['objective', 38], ['keyResult', 50]]);
    // back to its own key results (none): 0, and nothing above moves it again
    expect((await setMode('owner', company, 'key_results')).body.data.progress).toBe(0);
  });
});

describe('visibility at both ends', () => {
  it("a link to an objective someone may not see shows as 'a private objective', with nothing to navigate to", async () => {
    const team = await levelId('lead', 'team', { title: 'Alpha shared goal' });
    const matesPrivate = await personalId('mate', { title: 'Mate secret plan' });
    const kr = await keyResultId('mate', matesPrivate);
    await linked('mate', matesPrivate, team);
    await linked('mate', matesPrivate, team, kr);
    const seenByMember = (await detail('member', team)).data!.alignment.supportedBy;
    expect(seenByMember).toHaveLength(2);
    for (const l of seenByMember) {
      expect(l).toMatchObject({ objective: null, keyResult: null, label: PRIVATE_OBJECTIVE_LABEL, isPrivate: true, canRemove: false, canSetWeight: false });
    }
    expect(JSON.stringify((await w.hub.get(`/api/objective/${team}`, { token: tokens.member })).body)).not.toContain('Mate secret plan');
    const seenByLead = (await detail('lead', team)).data!.alignment.supportedBy;
    expect(seenByLead.map((l) => l.label)).toEqual(['Mate secret plan', 'Mate secret plan']);
    const tree = await w.hub.get(`/api/alignment/tree?parent_id=${team}`, { token: tokens.member });
    const nodes = alignmentTreeResponseSchema.parse(camelize(tree.body)).data.items;
    expect(nodes.map((n) => n.kind)).toEqual(['private', 'private']);
    expect(JSON.stringify(tree.body)).not.toContain('Mate secret plan');
    expect(JSON.stringify(tree.body)).not.toContain(`"id":${matesPrivate}`);
  });
  it("the child's viewers see a parent they may not see as 'a private objective', in lists and details", async () => {
    const hidden = await levelId('otherLead', 'team', { team_id: w.beta, owner_id: ids.otherLead, title: 'Beta hidden goal' });
    const outsiders = await personalId('outsider', { team_id: w.beta, is_public: true });
    await linked('outsider', outsiders, hidden);
    const d = (await detail('member', outsiders)).data!;
    expect(d.supports).toEqual([null]);
    expect(d.alignment.supports[0]).toMatchObject({ objective: null, label: PRIVATE_OBJECTIVE_LABEL, isPrivate: true, canRemove: false });
    const list = objectiveListResponseSchema.parse(camelize((await w.hub.get('/api/objective?limit=100&privacy=public', { token: tokens.member })).body)).data.items;
    expect(list.find((o) => o.id === outsiders)?.supports).toEqual([null]);
    expect(JSON.stringify((await w.hub.get(`/api/objective/${outsiders}`, { token: tokens.member })).body)).not.toContain('Beta hidden goal');
    expect((await detail('outsider', outsiders)).data!.supports).toEqual([{ id: hidden, title: 'Beta hidden goal', level: 'team' }]);
  });
  it("the parent's owner is told of a child they may not see without its title", async () => {
    const company = await levelId('admin', 'company', { title: 'Admin goal' });
    const secret = await personalId('member', { title: 'Member secret' });
    await linked('member', secret, company);
    const told = await w.hub.db.select().from(notifications).where(and(eq(notifications.userId, ids.admin), eq(notifications.kind, 'objective_supported')));
    expect(told.map((n) => n.body)).toContain(`Bogdan Member linked ${PRIVATE_OBJECTIVE_LABEL} to "Admin goal".`);
    expect(told.map((n) => n.body).join()).not.toContain('Member secret');
  });
});

describe('the alignment tree, search and picker', () => {
  let company: number;
  let team: number;
  let betaTeam: number;
  let personal: number;
  beforeAll(async () => {
    company = await levelId('owner', 'company', { title: 'Treetop zebra', deadline: day(100) });
    team = await levelId('lead', 'team', { title: 'Treemiddle zebra' });
    betaTeam = await levelId('otherLead', 'team', { team_id: w.beta, owner_id: ids.otherLead, title: 'Beta zebra', is_public: true });
    personal = await personalId('member', { title: 'Treeleaf zebra' });
    await linked('lead', team, company);
    await linked('member', personal, team);
  });
  const tree = async (who: Person, query: string) => {
    const res = await w.hub.get(`/api/alignment/tree?${query}`, { token: tokens[who] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return alignmentTreeResponseSchema.parse(camelize(res.body)).data;
  };
  it('opens at the company objectives and the team objectives that support none, one level at a time', async () => {
    const top = await tree('member', 'limit=500');
    const topIds = top.items.map((n) => (n.kind === 'objective' ? n.id : 0));
    expect(topIds).toContain(company);
    expect(topIds).not.toContain(team); // it supports the company objective: it is under it
    expect(topIds).toContain(betaTeam); // public, supports nothing
    const node = top.items.find((n) => n.kind === 'objective' && n.id === company);
    expect(node).toMatchObject({ childCount: 1, level: 'company', owner: { id: ids.owner } });
    const under = await tree('member', `parent_id=${company}`);
    expect(under.items).toEqual([expect.objectContaining({ kind: 'objective', id: team, childCount: 1, link: expect.objectContaining({ weight: 1 }) })]);
    const leaves = await tree('member', `parent_id=${team}`);
    expect(leaves.items.map((n) => n.kind === 'objective' && n.id)).toEqual([personal]);
  });
  it('filters by team and period', async () => {
    const beta = await tree('member', `team_id=${w.beta}&limit=500`);
    const betaIds = beta.items.map((n) => (n.kind === 'objective' ? n.id : 0));
    expect(betaIds).toContain(betaTeam);
    expect(betaIds).toContain(company); // company objectives belong to every team's view
    expect((await tree('member', `parent_id=${company}&team_id=${w.beta}`)).items).toEqual([]);
    const soon = await tree('member', `from=${day(0)}&to=${day(95)}&limit=500`);
    expect(soon.items.map((n) => (n.kind === 'objective' ? n.id : 0))).not.toContain(company);
  });
  it('answers a node the person may not see as not found, and pages', async () => {
    expect((await w.hub.get(`/api/alignment/tree?parent_id=${team}`, { token: tokens.outsider })).status).toBe(404);
    const page = await tree('owner', 'limit=1&page=2');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });
  it('finds an objective and the path from the top down to it', async () => {
    const res = await w.hub.get('/api/alignment/search?q=treeleaf', { token: tokens.member });
    const found = alignmentSearchResponseSchema.parse(camelize(res.body)).data.items;
    expect(found).toHaveLength(1);
    expect(found[0].path.map((n) => n.id)).toEqual([company, team, personal]);
    const lead = alignmentSearchResponseSchema.parse(camelize((await w.hub.get('/api/alignment/search?q=zebra', { token: tokens.outsider })).body)).data.items;
    // the outsider sees the company objective and beta's public one, not alpha's team objective or the member's
    expect(lead.map((m) => m.objective.id).sort()).toEqual([company, betaTeam].sort());
  });
  it("offers in the 'Supports' picker what the person may see, of a level above, not archived", async () => {
    const res = await w.hub.get(`/api/alignment/candidates?objective_id=${personal}&q=zebra`, { token: tokens.member });
    const items = alignmentCandidatesResponseSchema.parse(camelize(res.body)).data.items;
    expect(items.map((i) => i.id)).toEqual(expect.arrayContaining([company, team, betaTeam]));
    expect(items.map((i) => i.id)).not.toContain(personal);
    const forTeam = alignmentCandidatesResponseSchema.parse(camelize((await w.hub.get(`/api/alignment/candidates?objective_id=${team}&q=zebra`, { token: tokens.lead })).body)).data.items;
    expect(forTeam.every((i) => i.level === 'company')).toBe(true);
    expect((await w.hub.get(`/api/alignment/candidates?objective_id=${personal}`, { token: tokens.outsider })).status).toBe(404);
  });
  const candidates = async (who: Person, query: string) => {
    const res = await w.hub.get(`/api/alignment/candidates?${query}`, { token: tokens[who] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return alignmentCandidatesResponseSchema.parse(camelize(res.body)).data.items;
  };
  it("offers for a new objective's level, before it has an id: what the person may see of a level above, not archived", async () => {
    const hidden = await levelId('otherLead', 'team', { team_id: w.beta, owner_id: ids.otherLead, title: 'Beta hidden okapi' });
    const archived = await levelId('owner', 'company', { title: 'Archived okapi' });
    await w.put('owner', archived, { action: 'complete' });
    expect((await w.put('owner', archived, { action: 'archive' })).body.data.status).toBe('archived');
    const forPersonal = await candidates('member', 'level=personal&q=zebra');
    // company first, then by title: the same order as for a saved objective of that level
    expect(forPersonal.map((i) => i.id)).toEqual((await candidates('member', `objective_id=${personal}&q=zebra`)).map((i) => i.id));
    expect(forPersonal.map((i) => i.id)).toEqual(expect.arrayContaining([company, team, betaTeam]));
    expect(forPersonal.map((i) => i.level)).toEqual(['company', 'team', 'team']);
    expect(forPersonal.map((i) => i.id)).not.toContain(personal);
    // never a team objective the member may not see, nor an archived one; the beta team's lead is offered theirs
    expect(await candidates('member', 'level=personal&q=okapi')).toEqual([]);
    expect((await candidates('otherLead', 'level=personal&q=okapi')).map((i) => i.id)).toEqual([hidden]);
    // a level the member may not create still answers only what they may see: company objectives
    expect((await candidates('member', 'level=team&q=zebra')).map((i) => i.id)).toEqual([company]);
    expect(await candidates('member', 'level=company')).toEqual([]);
    expect(await candidates('member', 'level=personal&q=zebra&limit=1')).toHaveLength(1);
  });
  it('asks for exactly one of the objective and the level: neither, both or a bad level is 400, with a message per field', async () => {
    const neither = await w.hub.get('/api/alignment/candidates?q=zebra', { token: tokens.member });
    expect(neither.status).toBe(400);
    expect(neither.body.errors).toEqual([
      { message: CANDIDATES_MESSAGES.neither, field: 'objective_id' },
      { message: CANDIDATES_MESSAGES.neither, field: 'level' },
    ]);
    const both = await w.hub.get(`/api/alignment/candidates?objective_id=${personal}&level=personal`, { token: tokens.member });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([
      { message: CANDIDATES_MESSAGES.both, field: 'objective_id' },
      { message: CANDIDATES_MESSAGES.both, field: 'level' },
    ]);
    const bad = await w.hub.get('/api/alignment/candidates?level=department', { token: tokens.member });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ message: 'Level must be personal, team or company', field: 'level' }]);
  });
});
