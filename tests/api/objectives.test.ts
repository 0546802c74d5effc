import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectives } from '../../server/db/schema';
import { OBJECTIVE_MESSAGES as M } from '../../shared/rules/objective-messages';
import { isoDay } from '../../shared/rules/dates';
import { buildWorld, day, type ObjectiveWorld } from './objectives-fixture';

// GET/POST/PUT/DELETE /objective, each rule allowed and refused.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const messages = (body: { errors: Array<{ message: string; field?: string }> }) => Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('POST /objective validation (spec §5)', () => {
  it('answers every required message at once for an empty form', async () => {
    const res = await w.hub.post('/api/objective', {}, { token: w.tokens.member });
    expect(res.status).toBe(400);
    expect(messages(res.body)).toMatchObject({
      title: M.title, team_id: M.team, owner_id: M.assignee, description: M.description,
      category: M.category, subcategory: M.subcategory, priority: M.priority,
    });
  });
  it('refuses blank text and a subcategory of another category', async () => {
    const blank = await w.create('member', { title: '   ' });
    expect(blank.status).toBe(400);
    expect(messages(blank.body).title).toBe(M.title);
    const wrong = await w.create('member', { category: 'Personal', subcategory: 'DevOps' });
    expect(wrong.status).toBe(400);
    expect(messages(wrong.body).subcategory).toBe(M.subcategoryMismatch);
  });
  it('defaults the deadline to today and refuses one in the past', async () => {
    const res = await w.create('member', { deadline: undefined });
    expect(res.status).toBe(200);
    expect(res.body.data.deadline).toBe(isoDay());
    const past = await w.create('member', { deadline: day(-1) });
    expect(past.status).toBe(400);
    expect(messages(past.body).deadline).toBe(M.deadlinePast);
  });
  it('answers the author and owner objects and the caller flags', async () => {
    const res = await w.create('member');
    expect(res.body.data).toMatchObject({
      status: 'in progress', author: { id: w.ids.member, name: 'Bogdan Member', team: { name: 'Alpha' } },
      owner: { id: w.ids.member }, read_only: false, available_actions: ['complete', 'delete'], key_results: [],
    });
  });
});

describe('who may assign to whom (spec §6)', () => {
  it('a member assigns only to self', async () => {
    expect((await w.create('member', { owner_id: w.ids.member })).status).toBe(200);
    const res = await w.create('member', { owner_id: w.ids.mate });
    expect(res.status).toBe(403);
  });
  it('a lead assigns within the team they lead, not outside it', async () => {
    expect((await w.create('lead', { owner_id: w.ids.mate })).status).toBe(200);
    expect((await w.create('lead', { owner_id: w.ids.outsider, team_id: w.beta })).status).toBe(403);
  });
  it('an owner or teams manager assigns to any registered member of the chosen team', async () => {
    expect((await w.create('owner', { owner_id: w.ids.outsider, team_id: w.beta })).status).toBe(200);
    expect((await w.create('manager', { owner_id: w.ids.outsider, team_id: w.beta })).status).toBe(200);
    const notInTeam = await w.create('owner', { owner_id: w.ids.outsider, team_id: w.alpha });
    expect(notInTeam.status).toBe(400);
    expect(messages(notInTeam.body).owner_id).toBe(M.assigneeNotInTeam);
  });
  it('offers assignee choices by role', async () => {
    const lead = await w.hub.get(`/api/objective/assignees?team_id=${w.alpha}`, { token: w.tokens.lead });
    expect(lead.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Ana Lead', 'Bogdan Member', 'Carmen Mate', 'Dan Manager']);
    const member = await w.hub.get(`/api/objective/assignees?team_id=${w.alpha}`, { token: w.tokens.member });
    expect(member.body.data.items).toEqual([{ id: w.ids.member, name: 'Bogdan Member' }]);
    const owner = await w.hub.get(`/api/objective/assignees?team_id=${w.beta}`, { token: w.tokens.owner });
    expect(owner.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Flavia Outsider', 'Gelu Lead', 'Horia Guest']);
  });
});

describe('GET /objective (spec §2, §6, §7)', () => {
  let privateOfMate: number;
  let publicOfOutsider: number;
  let privateOfOutsider: number;
  beforeAll(async () => {
    privateOfMate = (await w.create('mate', { title: 'Mate private' })).body.data.id;
    publicOfOutsider = (await w.create('outsider', { title: 'Outsider public', team_id: w.beta, is_public: true })).body.data.id;
    privateOfOutsider = (await w.create('outsider', { title: 'Outsider private', team_id: w.beta, deadline: day(1) })).body.data.id;
  });
  const ids = async (who: keyof ObjectiveWorld['tokens'], query = 'limit=100') =>
    ((await w.hub.get(`/api/objective?${query}`, { token: w.tokens[who] })).body.data.items as Array<{ id: number }>).map((o) => o.id);

  it('shows a member their own and public objectives, not a team mate’s private one', async () => {
    const seen = await ids('member');
    expect(seen).toContain(publicOfOutsider);
    expect(seen).not.toContain(privateOfMate);
    expect(seen).not.toContain(privateOfOutsider);
  });
  it('shows a lead their team, not another team’s private objectives', async () => {
    const seen = await ids('lead');
    expect(seen).toContain(privateOfMate);
    expect(seen).not.toContain(privateOfOutsider);
  });
  it('shows the owner everything', async () => {
    expect(await ids('owner')).toEqual(expect.arrayContaining([privateOfMate, privateOfOutsider, publicOfOutsider]));
  });
  it('pages 9 by default with the total of visible rows, sorted by deadline', async () => {
    for (let i = 0; i < 10; i += 1) await w.create('owner', { owner_id: w.ids.lead, title: `Bulk ${i}`, deadline: day(40 + i) });
    const res = await w.hub.get('/api/objective', { token: w.tokens.owner });
    expect(res.body.data.items).toHaveLength(9);
    expect(res.body.data.limit).toBe(9);
    const all = await w.hub.get('/api/objective?limit=100', { token: w.tokens.owner });
    expect(res.body.data.total).toBe(all.body.data.items.length);
    const deadlines = all.body.data.items.map((o: { deadline: string }) => o.deadline);
    expect(deadlines).toEqual([...deadlines].sort());
    const page2 = await w.hub.get('/api/objective?page=2', { token: w.tokens.owner });
    expect(page2.body.data.items[0].id).toBe(all.body.data.items[9].id);
  });
  it('filters by owner, author, privacy, team, status and creation date; sorts by title', async () => {
    expect(await ids('owner', `owner_id=${w.ids.outsider}&limit=100`)).toEqual(expect.arrayContaining([publicOfOutsider, privateOfOutsider]));
    expect(await ids('owner', `privacy=public&limit=100`)).toEqual([publicOfOutsider]);
    expect(await ids('owner', `team_id=${w.beta}&author_id=${w.ids.outsider}&sort_criterion=title`)).toEqual([privateOfOutsider, publicOfOutsider]);
    expect(await ids('owner', `status=archived`)).toEqual([]);
    expect(await ids('owner', `created_from=${day(1)}`)).toEqual([]);
    expect((await ids('owner', `created_from=${day(-1)}&created_to=${day(1)}&limit=100`)).length).toBeGreaterThan(3);
  });
  it('refuses bad query values with 400', async () => {
    const res = await w.hub.get('/api/objective?sort_criterion=colour&page=0', { token: w.tokens.owner });
    expect(res.status).toBe(400);
  });
  it('answers 404 for an objective the caller may not see', async () => {
    expect((await w.hub.get(`/api/objective/${privateOfOutsider}`, { token: w.tokens.member })).status).toBe(404);
    expect((await w.hub.get(`/api/objective/${publicOfOutsider}`, { token: w.tokens.member })).status).toBe(200);
  });
  it('answers the details of exactly the objectives the list shows, for every person (the detail checks in code what the list filters in SQL)', async () => {
    // private objectives of one team whose owner is in the other (a lead covers both: the team, and the owner's team)
    const mateInBeta = (await w.create('mate', { title: 'Mate, filed under Beta' })).body.data.id;
    const outsiderInAlpha = (await w.create('outsider', { team_id: w.beta, title: 'Outsider, filed under Alpha' })).body.data.id;
    await w.hub.db.update(objectives).set({ teamId: w.beta }).where(eq(objectives.id, mateInBeta));
    await w.hub.db.update(objectives).set({ teamId: w.alpha }).where(eq(objectives.id, outsiderInAlpha));
    const deleted = (await w.create('mate', { title: 'Deleted' })).body.data.id;
    expect((await w.hub.request('DELETE', `/api/objective/${deleted}`, { token: w.tokens.mate })).status).toBe(200);
    const everyId = [...(await ids('owner', 'limit=100')), deleted];
    expect(everyId.length).toBeGreaterThan(15);
    for (const who of ['member', 'mate', 'lead', 'manager', 'outsider', 'otherLead', 'guest', 'owner'] as const) {
      const listed = new Set(await ids(who, 'limit=100'));
      const opened = new Set<number>();
      for (const id of everyId) {
        const res = await w.hub.get(`/api/objective/${id}`, { token: w.tokens[who] });
        expect([200, 404]).toContain(res.status);
        if (res.status === 200) opened.add(id);
      }
      expect({ who, opened: [...opened].sort() }).toEqual({ who, opened: [...listed].sort() });
    }
    const opens = async (who: 'lead' | 'otherLead' | 'member', id: number) => (await w.hub.get(`/api/objective/${id}`, { token: w.tokens[who] })).status;
    expect([await opens('lead', mateInBeta), await opens('otherLead', mateInBeta), await opens('member', mateInBeta)]).toEqual([200, 200, 404]);
    expect([await opens('lead', outsiderInAlpha), await opens('otherLead', outsiderInAlpha)]).toEqual([200, 200]);
  });
});

describe('PUT /objective/:id (spec §4, §6)', () => {
  it('refuses a read-only viewer with 403 and lets the owner edit; lastModificationDate moves', async () => {
    const o = (await w.create('outsider', { team_id: w.beta, is_public: true })).body.data;
    const refused = await w.put('member', o.id, { title: 'Mine now', ...(await w.version(o.id)) });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toBe(M.readOnly);
    await new Promise((r) => setTimeout(r, 5));
    const edited = await w.put('outsider', o.id, { title: 'Renamed', last_modification_date: o.last_modification_date });
    expect(edited.status).toBe(200);
    expect(edited.body.data.title).toBe('Renamed');
    expect(edited.body.data.last_modification_date).not.toBe(o.last_modification_date);
  });
  it('answers 409 with a clear message for a stale edit', async () => {
    const o = (await w.create('member')).body.data;
    await new Promise((r) => setTimeout(r, 5));
    expect((await w.put('member', o.id, { title: 'First', last_modification_date: o.last_modification_date })).status).toBe(200);
    const stale = await w.put('member', o.id, { title: 'Second', last_modification_date: o.last_modification_date });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].message).toBe(M.stale);
  });
  it('validates edited fields with the §5 messages', async () => {
    const o = (await w.create('member')).body.data;
    const version = { last_modification_date: o.last_modification_date };
    const res = await w.put('member', o.id, { title: '', category: 'Management', ...version });
    expect(res.status).toBe(400);
    expect(messages(res.body).title).toBe(M.title);
    const mismatch = await w.put('member', o.id, { category: 'Management', ...version });
    expect(messages(mismatch.body).subcategory).toBe(M.subcategoryMismatch);
  });
  it("turns a member's Complete and Delete into waiting for approval", async () => {
    const a = (await w.create('member')).body.data;
    const done = await w.put('member', a.id, { action: 'complete' });
    expect(done.body.data).toMatchObject({ status: 'waiting for approval', next_status: 'completed' });
    const b = (await w.create('member')).body.data;
    const del = await w.hub.request('DELETE', `/api/objective/${b.id}`, { token: w.tokens.member });
    expect(del.body.data).toMatchObject({ status: 'waiting for approval', next_status: 'deleted' });
  });
  it('lets a lead complete, archive (remembering), restore and delete', async () => {
    const o = (await w.create('lead')).body.data;
    expect((await w.put('lead', o.id, { action: 'complete' })).body.data.status).toBe('completed');
    const archived = (await w.put('lead', o.id, { action: 'archive' })).body.data;
    expect(archived).toMatchObject({ status: 'archived', next_status: 'completed', available_actions: ['restore', 'delete'] });
    expect((await w.put('lead', o.id, { action: 'restore' })).body.data).toMatchObject({ status: 'completed', next_status: null });
    await w.put('lead', o.id, { action: 'archive' });
    expect((await w.put('lead', o.id, { action: 'restore', page: 'details' })).body.data).toMatchObject({ status: 'in progress', next_status: 'completed' });
    const removed = await w.hub.request('DELETE', `/api/objective/${o.id}`, { token: w.tokens.lead });
    expect(removed.body.data).toEqual({ removed: true, id: o.id });
    expect((await w.hub.get(`/api/objective/${o.id}`, { token: w.tokens.lead })).status).toBe(404);
  });
  it("offers a lead only Delete on a member's objective in progress and refuses Complete", async () => {
    const o = (await w.create('member')).body.data;
    const view = await w.hub.get(`/api/objective/${o.id}`, { token: w.tokens.lead });
    expect(view.body.data.available_actions).toEqual(['delete']);
    const res = await w.put('lead', o.id, { action: 'complete' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(M.actionNotOffered);
  });
  it('refuses an action the status does not offer, and reassignment the role does not allow', async () => {
    const o = (await w.create('member')).body.data;
    expect((await w.put('member', o.id, { action: 'restore' })).status).toBe(400);
    expect((await w.put('member', o.id, { owner_id: w.ids.mate, ...(await w.version(o.id)) })).status).toBe(403);
  });
  it('saving the whole edit form again with the same assignee is not a reassignment', async () => {
    const o = (await w.create('lead', { owner_id: w.ids.mate })).body.data;
    const res = await w.put('lead', o.id, { title: 'Same people', team_id: w.alpha, owner_id: w.ids.mate, last_modification_date: o.last_modification_date });
    expect(res.status).toBe(200);
  });
  it('a teams manager edits objectives of the teams they manage but not others', async () => {
    const mine = (await w.create('mate')).body.data;
    expect((await w.put('manager', mine.id, { title: 'Managed', ...(await w.version(mine.id)) })).status).toBe(200);
    const other = (await w.create('outsider', { team_id: w.beta, is_public: true })).body.data;
    const view = await w.hub.get(`/api/objective/${other.id}`, { token: w.tokens.manager });
    expect(view.body.data).toMatchObject({ read_only: true, available_actions: [] });
    expect((await w.put('manager', other.id, { title: 'Nope', ...(await w.version(other.id)) })).status).toBe(403);
  });
});

// No "blind overwrites": an edit names the version it was read at; a status action alone
// is a command the status rule guards (§4), and honours a version when one is sent.
describe('PUT /objective/:id carries the version it was read at', () => {
  const stored = async (id: number) => (await w.hub.db.select().from(objectives).where(eq(objectives.id, id)))[0];

  it('refuses an edit without the version with 400 naming the field, and changes nothing', async () => {
    const o = (await w.create('member')).body.data;
    const res = await w.put('member', o.id, { title: 'Blind overwrite' });
    expect(res.status).toBe(400);
    expect(messages(res.body)).toEqual({ last_modification_date: M.versionRequired });
    expect(await stored(o.id)).toMatchObject({ title: 'Ship the release', lastModificationDate: new Date(o.last_modification_date) });
  });

  it('applies an edit made against the current version and hands out a new, later version', async () => {
    const o = (await w.create('member')).body.data;
    const res = await w.put('member', o.id, { title: 'Current', last_modification_date: o.last_modification_date });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Current');
    expect(Date.parse(res.body.data.last_modification_date)).toBeGreaterThan(Date.parse(o.last_modification_date));
    expect((await stored(o.id)).lastModificationDate.toISOString()).toBe(res.body.data.last_modification_date);
    // the version just handed out is good for the next edit
    const next = await w.put('member', o.id, { description: 'Again', last_modification_date: res.body.data.last_modification_date });
    expect(next.status).toBe(200);
  });

  it('refuses an edit made against an older version with 409 and the message, and changes nothing', async () => {
    const o = (await w.create('member')).body.data;
    const first = await w.put('lead', o.id, { title: 'The lead was first', last_modification_date: o.last_modification_date });
    expect(first.status).toBe(200);
    const stale = await w.put('member', o.id, { title: 'Blind overwrite', description: 'Mine', last_modification_date: o.last_modification_date });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([{ message: M.stale }]);
    expect(await stored(o.id)).toMatchObject({
      title: 'The lead was first', description: 'All of it', lastModificationDate: new Date(first.body.data.last_modification_date),
    });
  });

  it('lets one of two edits made against the same version through, the other gets 409', async () => {
    const o = (await w.create('member')).body.data;
    const both = await Promise.all([
      w.put('member', o.id, { title: 'Member', last_modification_date: o.last_modification_date }),
      w.put('lead', o.id, { title: 'Lead', last_modification_date: o.last_modification_date }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!;
    expect((await stored(o.id)).title).toBe(winner.body.data.title);
  });

  it('takes a status action without a version (checked against the status), and refuses one named with a stale version', async () => {
    const o = (await w.create('lead')).body.data;
    const edited = await w.put('lead', o.id, { title: 'Edited meanwhile', last_modification_date: o.last_modification_date });
    const stale = await w.put('lead', o.id, { action: 'complete', last_modification_date: o.last_modification_date });
    expect(stale.status).toBe(409);
    expect((await stored(o.id)).status).toBe('in progress');
    const current = await w.put('lead', o.id, { action: 'complete', last_modification_date: edited.body.data.last_modification_date });
    expect(current.body.data.status).toBe('completed');
    // a repeated Complete from a screen that had not seen it: the status no longer offers it
    const repeated = await w.put('lead', o.id, { action: 'complete' });
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors[0].message).toBe(M.actionNotOffered);
    expect((await w.put('lead', o.id, { action: 'archive' })).body.data.status).toBe('archived');
  });
});

describe('bad input never becomes a 5xx', () => {
  it('answers 400 or 404 for junk bodies, ids and queries', async () => {
    const token = w.tokens.lead;
    const o = (await w.create('lead')).body.data;
    const attempts = [
      w.hub.post('/api/objective', { title: 5, team_id: 'x', owner_id: -1, category: 'Food', priority: 'urgent', deadline: '31-12-2030' }, { token }),
      w.hub.post('/api/objective', { title: 'x'.repeat(5000), team_id: 2_147_483_647, owner_id: 2_147_483_647, description: 'd', category: 'Personal', subcategory: 'Hobby', priority: 'low' }, { token }),
      w.hub.request('POST', '/api/objective', { token, raw: '{"title": ' }),
      w.hub.request('PUT', `/api/objective/${o.id}`, { token, body: { last_modification_date: 'yesterday' } }),
      w.hub.request('PUT', `/api/objective/${o.id}`, { token, body: { action: 'explode' } }),
      w.hub.request('PUT', '/api/objective/99999999', { token, body: { title: 'x', last_modification_date: o.last_modification_date } }),
      w.hub.request('PUT', `/api/objective/${o.id}`, { token, body: { title: 'x', last_modification_date: '2030-02-31T25:00:00Z' } }),
      w.hub.request('DELETE', '/api/objective/abc', { token }),
      w.hub.get('/api/objective?page=99999&limit=1000', { token }),
      w.hub.get('/api/objective?created_from=yesterday', { token }),
      w.hub.get('/api/objective/assignees?team_id=-3', { token }),
      w.hub.post(`/api/objective/${o.id}`, { title: 'T', description: 'D', deadline: '2030-02-31x' }, { token }),
      w.hub.request('PUT', '/api/key-result/1', { token, body: { percentage: 'all' } }),
      w.hub.post('/api/approval', { objective_id: 'abc' }, { token }),
      w.create('lead', { deadline: '2030-02-31' }),
      w.hub.get('/api/objective?created_to=2030-13-45', { token }),
      w.hub.post(`/api/objective/${o.id}/approval`, {}, { token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }
  });
});
