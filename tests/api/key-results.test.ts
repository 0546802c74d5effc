import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyResults, objectives } from '../../server/db/schema';
import { OBJECTIVE_MESSAGES as M } from '../../shared/rules/objective-messages';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Key results (spec §5 form rules, §4 complete/start, §6 read-only).
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const addKr = (who: Who, objectiveId: number, body: Record<string, unknown>) =>
  w.hub.post(`/api/objective/${objectiveId}`, { title: 'Write the docs', description: 'Every page', deadline: day(5), ...body }, { token: w.tokens[who] });
const field = (body: { errors: Array<{ message: string; field?: string }> }, name: string) => body.errors.find((e) => e.field === name)?.message;

describe('POST /objective/:id (new key result)', () => {
  it('answers the §5 messages for an empty form', async () => {
    const o = (await w.create('member')).body.data;
    const res = await w.hub.post(`/api/objective/${o.id}`, {}, { token: w.tokens.member });
    expect(res.status).toBe(400);
    expect(field(res.body, 'title')).toBe(M.title);
    expect(field(res.body, 'description')).toBe(M.description);
    expect(field(res.body, 'deadline')).toBe(M.deadline);
    const badPriority = await addKr('member', o.id, { priority: '' });
    expect(field(badPriority.body, 'priority')).toBe(M.priority);
  });
  it("defaults the priority to the objective's and belongs to the objective's owner", async () => {
    const o = (await w.create('lead', { owner_id: w.ids.member, priority: 'highest' })).body.data;
    const res = await addKr('lead', o.id, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ priority: 'highest', owner_id: w.ids.member, author_id: w.ids.lead, status: 'in progress', percentage: null });
    const detail = await w.hub.get(`/api/objective/${o.id}`, { token: w.tokens.member });
    expect(detail.body.data.key_results).toHaveLength(1);
    expect(detail.body.data.key_results_total).toBe(1);
  });
  it('keeps the deadline between today and the objective deadline', async () => {
    const o = (await w.create('member', { deadline: day(10) })).body.data;
    const late = await addKr('member', o.id, { deadline: day(11) });
    expect(late.status).toBe(400);
    expect(field(late.body, 'deadline')).toBe(M.krDeadlineAfterObjective);
    const early = await addKr('member', o.id, { deadline: day(-1) });
    expect(field(early.body, 'deadline')).toBe(M.deadlinePast);
    expect((await addKr('member', o.id, { deadline: day(10) })).status).toBe(200);
  });
  it('refuses an archived objective and one more than a day past its deadline', async () => {
    const archived = (await w.create('lead')).body.data;
    await w.put('lead', archived.id, { action: 'complete' });
    await w.put('lead', archived.id, { action: 'archive' });
    const res = await addKr('lead', archived.id, {});
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(M.krOnArchived);

    const old = (await w.create('member')).body.data;
    await w.hub.db.update(objectives).set({ deadline: day(-2) }).where(eq(objectives.id, old.id));
    const past = await addKr('member', old.id, { deadline: day(-2) });
    expect(past.status).toBe(400);
    expect(past.body.errors[0].message).toBe(M.krPastDeadline);
    // a day past is still allowed, with the locked deadline of the objective
    await w.hub.db.update(objectives).set({ deadline: day(-1) }).where(eq(objectives.id, old.id));
    expect((await addKr('member', old.id, { deadline: day(-1) })).status).toBe(200);
  });
  it('refuses a read-only viewer with 403', async () => {
    const o = (await w.create('outsider', { team_id: w.beta, is_public: true })).body.data;
    const res = await addKr('member', o.id, {});
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(M.readOnly);
  });
});

describe('GET/PUT/DELETE /key-result/:id', () => {
  it('completes with a score (100 by default), starts again, and refuses scores off the 10-step scale', async () => {
    const o = (await w.create('member')).body.data;
    const kr = (await addKr('member', o.id, {})).body.data;
    const put = (body: Record<string, unknown>, who: Who = 'member') => w.hub.request('PUT', `/api/key-result/${kr.id}`, { token: w.tokens[who], body });
    expect((await put({ action: 'complete' })).body.data).toMatchObject({ status: 'completed', percentage: 100 });
    expect((await put({ action: 'start' })).body.data).toMatchObject({ status: 'in progress', percentage: null });
    expect((await put({ action: 'complete', percentage: 70 })).body.data).toMatchObject({ status: 'completed', percentage: 70 });
    expect((await put({ action: 'complete', percentage: 75 })).status).toBe(400);
    expect((await put({ action: 'complete', percentage: 110 })).status).toBe(400);
    const detail = await w.hub.get(`/api/objective/${o.id}`, { token: w.tokens.member });
    expect(detail.body.data.key_results_completed).toBe(1);
    expect(detail.body.data.last_modification_date).not.toBe(o.last_modification_date);
  });
  it('edits fields with the deadline rules and refuses read-only viewers', async () => {
    const o = (await w.create('mate', { deadline: day(10), is_public: true })).body.data;
    const kr = (await addKr('mate', o.id, {})).body.data;
    const version = { last_modification_date: kr.last_modification_date };
    const late = await w.hub.request('PUT', `/api/key-result/${kr.id}`, { token: w.tokens.mate, body: { deadline: day(12), ...version } });
    expect(field(late.body, 'deadline')).toBe(M.krDeadlineAfterObjective);
    expect((await w.hub.request('PUT', `/api/key-result/${kr.id}`, { token: w.tokens.mate, body: { title: 'Better', ...version } })).body.data.title).toBe('Better');
    const mine = await w.hub.request('PUT', `/api/key-result/${kr.id}`, { token: w.tokens.member, body: { title: 'Mine', ...(await w.keyResultVersion(kr.id)) } });
    expect(mine.status).toBe(403);
    expect((await w.hub.get(`/api/key-result/${kr.id}`, { token: w.tokens.member })).body.data).toMatchObject({ read_only: true, title: 'Better' });
    expect((await w.hub.request('DELETE', `/api/key-result/${kr.id}`, { token: w.tokens.member })).status).toBe(403);
  });
  it('counts key results and completed ones on the list cards', async () => {
    const o = (await w.create('member')).body.data;
    const first = (await addKr('member', o.id, {})).body.data;
    await addKr('member', o.id, {});
    await w.hub.request('PUT', `/api/key-result/${first.id}`, { token: w.tokens.member, body: { action: 'complete' } });
    const listed = await w.hub.get(`/api/objective?owner_id=${w.ids.member}&limit=100`, { token: w.tokens.member });
    expect(listed.body.data.items.find((x: { id: number }) => x.id === o.id)).toMatchObject({ key_results_total: 2, key_results_completed: 1 });
  });
  it('deletes a key result; it is gone afterwards', async () => {
    const o = (await w.create('member')).body.data;
    const kr = (await addKr('member', o.id, {})).body.data;
    const res = await w.hub.request('DELETE', `/api/key-result/${kr.id}`, { token: w.tokens.member });
    expect(res.body.data).toEqual({ removed: true, id: kr.id });
    expect((await w.hub.get(`/api/key-result/${kr.id}`, { token: w.tokens.member })).status).toBe(404);
    expect((await w.hub.get(`/api/objective/${o.id}`, { token: w.tokens.member })).body.data.key_results).toEqual([]);
  });
  it('answers 404 for a key result of an objective the caller cannot see', async () => {
    const o = (await w.create('outsider', { team_id: w.beta })).body.data;
    const kr = (await addKr('outsider', o.id, {})).body.data;
    expect((await w.hub.get(`/api/key-result/${kr.id}`, { token: w.tokens.member })).status).toBe(404);
    expect((await w.hub.get(`/api/key-result/abc`, { token: w.tokens.member })).status).toBe(400);
  });
});

// No "blind overwrites": an edit of a key result names the version it was read at; Complete
// and Start are commands the status guards (keyResultActionFor), honouring a version when sent.
describe('PUT /key-result/:id carries the version it was read at', () => {
  const stored = async (id: number) => (await w.hub.db.select().from(keyResults).where(eq(keyResults.id, id)))[0];
  const objectiveVersion = async (id: number) => (await w.hub.db.select().from(objectives).where(eq(objectives.id, id)))[0].lastModificationDate;
  const put = (who: Who, id: number, body: Record<string, unknown>) => w.hub.request('PUT', `/api/key-result/${id}`, { token: w.tokens[who], body });
  const fresh = async () => {
    const o = (await w.create('member')).body.data;
    return (await addKr('member', o.id, {})).body.data as { id: number; objective_id: number; last_modification_date: string };
  };

  it('refuses an edit without the version with 400 naming the field, and changes nothing', async () => {
    const kr = await fresh();
    const before = await objectiveVersion(kr.objective_id);
    const res = await put('member', kr.id, { title: 'Blind overwrite', deadline: day(3) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'last_modification_date', message: M.versionRequired }]);
    expect(await stored(kr.id)).toMatchObject({ title: 'Write the docs', deadline: day(5), lastModificationDate: new Date(kr.last_modification_date) });
    expect(await objectiveVersion(kr.objective_id)).toEqual(before);
  });

  it('applies an edit made against the current version and hands out a new, later version', async () => {
    const kr = await fresh();
    const res = await put('member', kr.id, { title: 'Current', priority: 'high', last_modification_date: kr.last_modification_date });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Current', priority: 'high' });
    expect(Date.parse(res.body.data.last_modification_date)).toBeGreaterThan(Date.parse(kr.last_modification_date));
    expect((await w.hub.get(`/api/key-result/${kr.id}`, { token: w.tokens.member })).body.data.last_modification_date).toBe(res.body.data.last_modification_date);
    const next = await put('member', kr.id, { description: 'Again', last_modification_date: res.body.data.last_modification_date });
    expect(next.status).toBe(200);
  });

  it('refuses an edit made against an older version with 409 and the message, and changes nothing', async () => {
    const kr = await fresh();
    const first = await put('lead', kr.id, { title: 'The lead was first', last_modification_date: kr.last_modification_date });
    expect(first.status).toBe(200);
    const objectiveBefore = await objectiveVersion(kr.objective_id);
    const stale = await put('member', kr.id, { title: 'Blind overwrite', description: 'Mine', last_modification_date: kr.last_modification_date });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([{ message: M.keyResultStale }]);
    expect(await stored(kr.id)).toMatchObject({
      title: 'The lead was first', description: 'Every page', lastModificationDate: new Date(first.body.data.last_modification_date),
    });
    expect(await objectiveVersion(kr.objective_id)).toEqual(objectiveBefore);
  });

  it('lets one of two edits made against the same version through, the other gets 409', async () => {
    const kr = await fresh();
    const both = await Promise.all([
      put('member', kr.id, { title: 'Member', last_modification_date: kr.last_modification_date }),
      put('lead', kr.id, { title: 'Lead', last_modification_date: kr.last_modification_date }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await stored(kr.id)).title).toBe(both.find((r) => r.status === 200)!.body.data.title);
  });

  it('takes Complete and Start without a version only in the status that offers them, and refuses a stale version', async () => {
    const kr = await fresh();
    const edited = await put('lead', kr.id, { title: 'Edited meanwhile', last_modification_date: kr.last_modification_date });
    // the score was chosen looking at the key result before the edit
    const stale = await put('member', kr.id, { action: 'complete', percentage: 60, last_modification_date: kr.last_modification_date });
    expect(stale.status).toBe(409);
    expect(await stored(kr.id)).toMatchObject({ status: 'in progress', percentage: null });
    const started = await put('member', kr.id, { action: 'start' });
    expect(started.status).toBe(400);
    expect(field(started.body, 'action')).toBe(M.keyResultActionNotOffered);
    const done = await put('member', kr.id, { action: 'complete', percentage: 60, last_modification_date: edited.body.data.last_modification_date });
    expect(done.body.data).toMatchObject({ status: 'completed', percentage: 60 });
    // a second Complete from a screen that had not seen the first: refused, the score kept
    const again = await put('lead', kr.id, { action: 'complete', percentage: 90 });
    expect(again.status).toBe(400);
    expect((await stored(kr.id)).percentage).toBe(60);
    expect((await put('member', kr.id, { action: 'start' })).body.data).toMatchObject({ status: 'in progress', percentage: null });
  });

  it('refuses a completion score without Complete', async () => {
    const kr = await fresh();
    const res = await put('member', kr.id, { percentage: 50, last_modification_date: kr.last_modification_date });
    expect(res.status).toBe(400);
    expect(field(res.body, 'percentage')).toBe(M.scoreWithoutComplete);
    expect((await stored(kr.id)).percentage).toBeNull();
  });
});
