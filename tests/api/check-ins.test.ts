import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyResults } from '../../server/db/schema';
import { keyResultCheckIns } from '../../server/features/objectives/check-ins-schema';
import { FINAL_CHECK_IN_COMMENT } from '../../server/features/objectives/check-ins';
import { CHECK_IN_MESSAGES as C } from '../../shared/rules/check-ins';
import { OBJECTIVE_MESSAGES as M } from '../../shared/rules/objective-messages';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Key-result check-ins. Who may check in follows the objective's read-only rule
// (spec §6); the history is seen by whoever sees the key result.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

type Errors = { errors: Array<{ message: string; field?: string }> };
const field = (body: Errors, name: string) => body.errors.find((e) => e.field === name)?.message;

/** An objective of `owner` (created by `by`) with one key result. */
async function keyResultOf(owner: Who, fields: Record<string, unknown> = {}, by: Who = owner) {
  const teamId = owner === 'outsider' || owner === 'otherLead' ? w.beta : w.alpha;
  const o = (await w.create(by, { owner_id: w.ids[owner], team_id: teamId, ...fields })).body.data;
  expect(o.id, JSON.stringify(o)).toBeTypeOf('number');
  const kr = (await w.hub.post(`/api/objective/${o.id}`, { title: 'Cut build time', description: 'Under 5 minutes', deadline: day(10) }, { token: w.tokens[by] })).body.data;
  return { objectiveId: o.id as number, krId: kr.id as number };
}

const checkIn = (who: Who, krId: number, body: Record<string, unknown>) =>
  w.hub.post(`/api/key-result/${krId}/check-ins`, body, { token: w.tokens[who] });
const history = (who: Who, krId: number) => w.hub.get(`/api/key-result/${krId}/check-ins`, { token: w.tokens[who] });

describe('POST and GET /key-result/:id/check-ins', () => {
  it('lets a member check in on their own key result and lists the history newest first', async () => {
    const { krId } = await keyResultOf('member');
    const first = await checkIn('member', krId, { percent: 20, confidence: 'on_track', comment: 'Profiled the build' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ key_result_id: krId, percent: 20, confidence: 'on_track', comment: 'Profiled the build', author: { id: w.ids.member, name: 'Bogdan Member' } });
    expect(Date.parse(first.body.data.created_at)).not.toBeNaN();
    expect((await checkIn('member', krId, { percent: 35, confidence: 'at_risk' })).status).toBe(200);
    const list = await history('member', krId);
    expect(list.status).toBe(200);
    expect(list.body.data.can_check_in).toBe(true);
    expect(list.body.data.refusal).toBeNull();
    expect(list.body.data.items.map((c: { percent: number; confidence: string; comment: string }) => [c.percent, c.confidence, c.comment])).toEqual([
      [35, 'at_risk', ''],
      [20, 'on_track', 'Profiled the build'],
    ]);
  });

  it("lets a team lead and a teams manager check in on their team member's key result", async () => {
    const { krId } = await keyResultOf('member');
    expect((await checkIn('lead', krId, { percent: 50, confidence: 'off_track', comment: 'Blocked on CI runners' })).body.data.author.id).toBe(w.ids.lead);
    expect((await checkIn('manager', krId, { percent: 55, confidence: 'at_risk' })).status).toBe(200);
    expect((await history('member', krId)).body.data.items.map((c: { author: { id: number } }) => c.author.id)).toEqual([w.ids.manager, w.ids.lead]);
  });

  it("hides someone else's private key result (404) and refuses a read-only viewer of a public one (403)", async () => {
    const hidden = await keyResultOf('member');
    expect((await history('mate', hidden.krId)).status).toBe(404);
    const refused = await checkIn('mate', hidden.krId, { percent: 10, confidence: 'on_track' });
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].message).toBe(M.keyResultNotFound);

    const open = await keyResultOf('member', { is_public: true });
    const seen = await history('mate', open.krId);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ can_check_in: false, refusal: M.readOnly });
    const res = await checkIn('mate', open.krId, { percent: 10, confidence: 'on_track' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(M.readOnly);
    // another team's lead sees it too, and may not check in either (the lead rule covers their own team)
    expect((await checkIn('otherLead', open.krId, { percent: 10, confidence: 'on_track' })).status).toBe(403);
    expect((await history('member', open.krId)).body.data.items).toEqual([]);
  });

  it('refuses check-ins on archived objectives and completed key results with 403', async () => {
    const archived = await keyResultOf('lead');
    expect((await checkIn('lead', archived.krId, { percent: 60, confidence: 'on_track' })).status).toBe(200);
    await w.put('lead', archived.objectiveId, { action: 'complete' });
    const onCompleted = await checkIn('lead', archived.krId, { percent: 70, confidence: 'on_track' });
    expect(onCompleted.status).toBe(403);
    expect(onCompleted.body.errors[0].message).toBe(C.closedObjective);
    await w.put('lead', archived.objectiveId, { action: 'archive' });
    const onArchived = await checkIn('lead', archived.krId, { percent: 70, confidence: 'on_track' });
    expect(onArchived.status).toBe(403);
    expect(onArchived.body.errors[0].message).toBe(C.closedObjective);
    expect((await history('lead', archived.krId)).body.data).toMatchObject({ can_check_in: false, refusal: C.closedObjective });

    const done = await keyResultOf('member');
    await w.hub.request('PUT', `/api/key-result/${done.krId}`, { token: w.tokens.member, body: { action: 'complete', percentage: 80 } });
    const res = await checkIn('member', done.krId, { percent: 90, confidence: 'on_track' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(C.closedKeyResult);
  });

  it('answers 400 with a message per field for bad input', async () => {
    const { krId } = await keyResultOf('member');
    const bad = await checkIn('member', krId, { percent: 101, confidence: 'fine', comment: 'x'.repeat(1001) });
    expect(bad.status).toBe(400);
    expect(field(bad.body, 'percent')).toBe(C.percent);
    expect(field(bad.body, 'confidence')).toBe(C.confidence);
    expect(field(bad.body, 'comment')).toBe(C.comment);
    const empty = await checkIn('member', krId, {});
    expect(empty.status).toBe(400);
    expect(field(empty.body, 'percent')).toBe(C.percent);
    expect(field(empty.body, 'confidence')).toBe(C.confidence);
    for (const percent of [-1, 12.5, '50', null]) expect(field((await checkIn('member', krId, { percent, confidence: 'on_track' })).body, 'percent')).toBe(C.percent);
    expect((await checkIn('member', krId, { percent: 0, confidence: 'off_track', comment: 'x'.repeat(1000) })).status).toBe(200);
    expect((await checkIn('member', krId, { percent: 100, confidence: 'on_track' })).status).toBe(200);
    expect((await history('member', krId)).body.data.items).toHaveLength(2);
  });

  it('answers 404 for an unknown or deleted key result and 400 for a malformed id', async () => {
    expect((await history('member', 2_000_000_000)).status).toBe(404);
    expect((await checkIn('member', 2_000_000_000, { percent: 1, confidence: 'on_track' })).status).toBe(404);
    const gone = await keyResultOf('member');
    await w.hub.request('DELETE', `/api/key-result/${gone.krId}`, { token: w.tokens.member });
    expect((await history('member', gone.krId)).status).toBe(404);
    expect((await w.hub.get('/api/key-result/abc/check-ins', { token: w.tokens.member })).status).toBe(400);
    expect((await w.hub.get('/api/key-result/99999999999/check-ins', { token: w.tokens.member })).status).toBe(400);
    expect((await w.hub.get(`/api/key-result/${gone.krId}/check-ins`)).status).toBe(401);
  });
});

describe('completion and progress', () => {
  it('records a final check-in with the completion score when a key result is completed', async () => {
    const { krId } = await keyResultOf('member');
    await checkIn('member', krId, { percent: 40, confidence: 'at_risk' });
    const done = await w.hub.request('PUT', `/api/key-result/${krId}`, { token: w.tokens.member, body: { action: 'complete', percentage: 70 } });
    expect(done.status).toBe(200);
    const items = (await history('member', krId)).body.data.items;
    expect(items.map((c: { percent: number; confidence: string }) => [c.percent, c.confidence])).toEqual([[70, 'on_track'], [40, 'at_risk']]);
    expect(items[0]).toMatchObject({ comment: FINAL_CHECK_IN_COMMENT, author: { id: w.ids.member } });
  });

  it('records the final check-in when the completion approval page completes a key result, and none for a deletion', async () => {
    const { krId } = await keyResultOf('member');
    const approved = await w.hub.post('/api/approval', { key_result_id: krId }, { token: w.tokens.lead });
    expect(approved.status).toBe(200);
    const items = (await history('member', krId)).body.data.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ percent: 100, confidence: 'on_track', comment: FINAL_CHECK_IN_COMMENT, author: { id: w.ids.lead } });

    const other = await keyResultOf('member');
    expect((await w.hub.post('/api/approval', { key_result_id: other.krId, delete: true }, { token: w.tokens.lead })).status).toBe(200);
    expect(await w.hub.db.select().from(keyResultCheckIns).where(eq(keyResultCheckIns.keyResultId, other.krId))).toEqual([]);
  });

  it('records nothing when the completion is refused', async () => {
    const { krId } = await keyResultOf('member', { is_public: true });
    const refused = await w.hub.request('PUT', `/api/key-result/${krId}`, { token: w.tokens.mate, body: { action: 'complete', percentage: 70 } });
    expect(refused.status).toBe(403);
    const badScore = await w.hub.request('PUT', `/api/key-result/${krId}`, { token: w.tokens.member, body: { action: 'complete', percentage: 75 } });
    expect(badScore.status).toBe(400);
    expect(await w.hub.db.select().from(keyResultCheckIns).where(eq(keyResultCheckIns.keyResultId, krId))).toEqual([]);
  });

  it('rolls the completion back when its final check-in cannot be written (one transaction)', async () => {
    const { krId } = await keyResultOf('member');
    const db = w.hub.db;
    await db.execute(sql.raw("create or replace function refuse_check_in() returns trigger language plpgsql as $$ begin raise exception 'no check-ins today'; end $$"));
    await db.execute(sql.raw(`create trigger refuse_check_in before insert on key_result_check_ins for each row when (new.key_result_id = ${krId}) execute function refuse_check_in()`));
    try {
      const res = await w.hub.request('PUT', `/api/key-result/${krId}`, { token: w.tokens.member, body: { action: 'complete', percentage: 70 } });
      expect(res.status).toBe(500);
      const [kr] = await db.select().from(keyResults).where(eq(keyResults.id, krId));
      expect(kr).toMatchObject({ status: 'in progress', percentage: null });
    } finally {
      await db.execute(sql.raw('drop trigger refuse_check_in on key_result_check_ins'));
    }
  });

  it("derives the objective's progress from the latest check-ins, completed key results counting their score", async () => {
    const o = (await w.create('member')).body.data;
    const addKr = async () =>
      (await w.hub.post(`/api/objective/${o.id}`, { title: 'Step', description: 'd', deadline: day(10) }, { token: w.tokens.member })).body.data.id as number;
    const [a, b, c] = [await addKr(), await addKr(), await addKr()];
    const progress = async () => {
      const detail = (await w.hub.get(`/api/objective/${o.id}`, { token: w.tokens.member })).body.data.progress;
      const listed = (await w.hub.get(`/api/objective?owner_id=${w.ids.member}&limit=100`, { token: w.tokens.member })).body.data.items;
      expect(listed.find((x: { id: number }) => x.id === o.id).progress).toBe(detail);
      return detail;
    };
    expect(await progress()).toBe(0);
    await checkIn('member', a, { percent: 40, confidence: 'on_track' });
    await checkIn('member', b, { percent: 80, confidence: 'on_track' });
    await checkIn('member', b, { percent: 60, confidence: 'at_risk' });
    // (40 + 60 + 0) / 3: the key result without check-ins counts 0, b counts its latest
    expect(await progress()).toBe(33);
    await w.hub.request('PUT', `/api/key-result/${c}`, { token: w.tokens.member, body: { action: 'complete', percentage: 90 } });
    expect(await progress()).toBe(63);
    await w.hub.request('DELETE', `/api/key-result/${a}`, { token: w.tokens.member });
    expect(await progress()).toBe(75);
  });

  it("counts each team's key results whose latest check-in is at risk or off track in the statistics", async () => {
    const before = await w.hub.get('/api/statistics', { token: w.tokens.owner });
    const alphaBefore = before.body.data.by_team.find((t: { team: { id: number } }) => t.team.id === w.alpha) ?? { at_risk: 0, off_track: 0 };
    const risky = await keyResultOf('member');
    await checkIn('member', risky.krId, { percent: 30, confidence: 'at_risk' });
    const off = await keyResultOf('mate');
    await checkIn('mate', off.krId, { percent: 10, confidence: 'off_track' });
    const recovered = await keyResultOf('member');
    await checkIn('member', recovered.krId, { percent: 10, confidence: 'off_track' });
    await checkIn('member', recovered.krId, { percent: 50, confidence: 'on_track' });
    const after = await w.hub.get('/api/statistics', { token: w.tokens.owner });
    expect(after.status).toBe(200);
    const alpha = after.body.data.by_team.find((t: { team: { id: number } }) => t.team.id === w.alpha);
    expect(alpha.at_risk - alphaBefore.at_risk).toBe(2);
    expect(alpha.off_track - alphaBefore.off_track).toBe(1);
  });
});
