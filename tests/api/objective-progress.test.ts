import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeRollups } from '../../server/features/alignment/alignment-rollup';
import { objectives } from '../../server/db/schema';
import { alignmentLinksResponseSchema, alignmentTreeResponseSchema, type LinkCreate } from '../../shared/api/alignment';
import { approvalsResponseSchema, type ApprovalDecisionBody } from '../../shared/api/approvals';
import { camelize, snakify } from '../../shared/api/case';
import { checkInListResponseSchema, type CheckInCreate } from '../../shared/api/check-ins';
import { keyResultResponseSchema, type KeyResultCreate } from '../../shared/api/key-results';
import { notificationListResponseSchema } from '../../shared/api/notifications';
import { objectiveChangeResponseSchema, objectiveListResponseSchema, objectiveResponseSchema, type ObjectiveUpdate } from '../../shared/api/objectives';
import { plansResponseSchema } from '../../shared/api/plans';
import { statisticsResponseSchema } from '../../shared/api/statistics';
import { timelineResponseSchema } from '../../shared/api/timeline';
import { FINAL_CHECK_IN_COMMENT } from '../../server/features/objectives/check-ins';
import { OBJECTIVE_MESSAGES as M, OPEN_KEY_RESULTS_TEXT } from '../../shared/rules/objective-messages';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// shared/rules/objective-progress.ts through the hub: one figure for an objective in every answer
// that carries it (list, details, plans, timeline, the alignment links and tree, the roll-ups
// above it), 100 once completed; Complete asks about the key results still in progress and the
// answer is recorded, acted on when a member's request is approved; deciding a request marks the
// approvers' notifications done. On the database the project runs (api: PGlite, api-pg: PostgreSQL);
// requests and answers in the hub's own schemas.

let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const body = <T>(value: T) => snakify<Record<string, unknown>>(value);

async function objective(who: Who, title = 'Ship the release'): Promise<number> {
  const res = await w.create(who, { title });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return objectiveResponseSchema.parse(camelize(res.body)).data.id;
}

async function keyResult(who: Who, objectiveId: number, percent: number | null): Promise<number> {
  const create: KeyResultCreate = { title: 'Measure it', description: 'How far', deadline: day(20) };
  const res = await w.hub.post(`/api/objective/${objectiveId}`, body(create), { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = keyResultResponseSchema.parse(camelize(res.body)).data.id;
  if (percent !== null) {
    const checkIn: CheckInCreate = { percent, confidence: 'at_risk' };
    expect((await w.hub.post(`/api/key-result/${id}/check-ins`, body(checkIn), { token: w.tokens[who] })).status).toBe(200);
  }
  return id;
}

const change = (who: Who, id: number, update: ObjectiveUpdate) => w.put(who, id, body(update));

async function changed(who: Who, id: number, update: ObjectiveUpdate) {
  const res = await change(who, id, update);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = objectiveChangeResponseSchema.parse(camelize(res.body)).data;
  if ('removed' in data) throw new Error('removed');
  return data;
}

async function decide(who: Who, id: number, decision: ApprovalDecisionBody['decision']) {
  const res = await w.hub.post(`/api/objective/${id}/approval`, body({ decision } satisfies ApprovalDecisionBody), { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function detail(who: Who, id: number) {
  const res = await w.hub.get(`/api/objective/${id}`, { token: w.tokens[who] });
  expect(res.status).toBe(200);
  return objectiveResponseSchema.parse(camelize(res.body)).data;
}

/** The objective's progress in each answer the owner gets that carries it. */
async function progressEverywhere(who: Who, id: number): Promise<Record<string, number | undefined>> {
  const [list, plans, timeline] = await Promise.all([
    w.hub.get('/api/objective?limit=100', { token: w.tokens[who] }),
    w.hub.get('/api/user/plans', { token: w.tokens[who] }),
    w.hub.get('/api/timeline?scope=mine', { token: w.tokens[who] }),
  ]);
  return {
    details: (await detail(who, id)).progress,
    list: objectiveListResponseSchema.parse(camelize(list.body)).data.items.find((o) => o.id === id)?.progress,
    plans: plansResponseSchema.parse(camelize(plans.body)).data.items.find((o) => o.id === id)?.progress,
    timeline: timelineResponseSchema.parse(camelize(timeline.body)).data.items.find((o) => o.id === id)?.progress,
  };
}

const same = (value: number) => ({ details: value, list: value, plans: value, timeline: value });

async function keyResultOf(who: Who, id: number) {
  const res = await w.hub.get(`/api/key-result/${id}`, { token: w.tokens[who] });
  return keyResultResponseSchema.parse(camelize(res.body)).data;
}

const storedAnswer = async (id: number) =>
  (await w.hub.db.select({ answer: objectives.completeKeyResults }).from(objectives).where(eq(objectives.id, id)))[0].answer;

describe('progress after a lead approves a member’s completion', () => {
  it('reads 100 in every answer once approved, and not before; key results left in progress stay so', async () => {
    const id = await objective('member');
    await keyResult('member', id, 40);
    await keyResult('member', id, null);
    expect(await progressEverywhere('member', id)).toEqual(same(20));
    const waiting = await changed('member', id, { action: 'complete', completeKeyResults: false });
    expect(waiting).toMatchObject({ status: 'waiting for approval', progress: 20 });
    expect(await progressEverywhere('member', id)).toEqual(same(20));
    await decide('lead', id, 'approve');
    expect(await progressEverywhere('member', id)).toEqual(same(100));
    const d = await detail('member', id);
    expect(d).toMatchObject({ status: 'completed', keyResultsCompleted: 0, keyResultsTotal: 2 });
    expect(d.keyResults.map((k) => k.status)).toEqual(['in progress', 'in progress']);
    expect(await storedAnswer(id)).toBe(false);
  });

  it('completes the key results too when the member chose so: each with the default score and a final check-in by the approver', async () => {
    const id = await objective('member');
    const kr = await keyResult('member', id, 30);
    const rows = async () => approvalsResponseSchema.parse(camelize((await w.hub.get('/api/objective/approvals', { token: w.tokens.lead })).body)).data.items;
    await changed('member', id, { action: 'complete', completeKeyResults: true });
    expect((await rows()).find((r) => r.id === id)).toMatchObject({ completeKeyResults: true, nextStatus: 'completed' });
    expect((await keyResultOf('member', kr)).status).toBe('in progress');
    await decide('manager', id, 'approve');
    expect(await keyResultOf('member', kr)).toMatchObject({ status: 'completed', percentage: 100 });
    const history = checkInListResponseSchema.parse(camelize((await w.hub.get(`/api/key-result/${kr}/check-ins`, { token: w.tokens.member })).body)).data;
    expect(history.items[0]).toMatchObject({ percent: 100, comment: FINAL_CHECK_IN_COMMENT, author: { id: w.ids.manager } });
    expect(await detail('member', id)).toMatchObject({ progress: 100, keyResultsCompleted: 1 });
  });

  it('sending the request back clears the answer and leaves the key results as they were', async () => {
    const id = await objective('member');
    const kr = await keyResult('member', id, 10);
    await changed('member', id, { action: 'complete', completeKeyResults: true });
    await decide('lead', id, 'reject');
    expect(await storedAnswer(id)).toBeNull();
    expect((await keyResultOf('member', kr)).status).toBe('in progress');
    expect(await detail('member', id)).toMatchObject({ status: 'in progress', progress: 10 });
  });
});

describe('Complete by someone who needs no approval', () => {
  it('completes the key results in progress at once when asked, or leaves them; nothing is recorded with none open', async () => {
    const both = await objective('lead');
    const kr = await keyResult('lead', both, 50);
    expect(await changed('lead', both, { action: 'complete', completeKeyResults: true })).toMatchObject({ status: 'completed', progress: 100, keyResultsCompleted: 1 });
    expect((await keyResultOf('lead', kr)).percentage).toBe(100);

    const left = await objective('lead');
    await keyResult('lead', left, 50);
    expect(await changed('lead', left, { action: 'complete' })).toMatchObject({ status: 'completed', progress: 100, keyResultsCompleted: 0 });
    expect(await storedAnswer(left)).toBe(false);

    const empty = await objective('lead');
    expect(await changed('lead', empty, { action: 'complete', completeKeyResults: true })).toMatchObject({ progress: 100, keyResultsTotal: 0 });
    expect(await storedAnswer(empty)).toBeNull();
  });
  it('archived after completion keeps its 100; restored on the details page it reads its key results again', async () => {
    const id = await objective('lead');
    await keyResult('lead', id, 60);
    await changed('lead', id, { action: 'complete', completeKeyResults: false });
    expect(await changed('lead', id, { action: 'archive' })).toMatchObject({ status: 'archived', progress: 100 });
    expect(await changed('lead', id, { action: 'restore', page: 'details' })).toMatchObject({ status: 'in progress', progress: 60 });
  });
});

describe('the status change body', () => {
  it('takes the answer only with Complete, and only true or false', async () => {
    const id = await objective('lead');
    const archive = await change('lead', id, { action: 'archive', completeKeyResults: true });
    expect(archive.status).toBe(400);
    expect(archive.body.errors).toEqual([{ message: OPEN_KEY_RESULTS_TEXT.onlyWithComplete, field: 'complete_key_results' }]);
    const alone = await change('lead', id, { completeKeyResults: false });
    expect(alone.status).toBe(400);
    const notBoolean = await w.put('lead', id, { action: 'complete', complete_key_results: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.errors[0]).toMatchObject({ field: 'complete_key_results' });
    expect((await detail('lead', id)).status).toBe('in progress');
  });
});

describe('key results on a completed objective', () => {
  it('are refused, as the card and the details page disable Add KeyResult; a waiting one still takes them', async () => {
    const done = await objective('lead');
    await changed('lead', done, { action: 'complete' });
    const create: KeyResultCreate = { title: 'Late', description: 'After the fact', deadline: day(5) };
    const refused = await w.hub.post(`/api/objective/${done}`, body(create), { token: w.tokens.lead });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(M.krOnCompleted);
    const waiting = await objective('member');
    await changed('member', waiting, { action: 'complete' });
    expect((await w.hub.post(`/api/objective/${waiting}`, body(create), { token: w.tokens.member })).status).toBe(200);
  });
});

describe('roll-ups count a completed child as 100', () => {
  it('in the parent’s stored figure, its links and the alignment tree', async () => {
    const teamRes = await w.hub.post('/api/alignment/objectives', {
      title: 'Alpha ships', team_id: w.alpha, owner_id: w.ids.lead, description: 'The team', category: 'Management', subcategory: 'Team',
      priority: 'high', deadline: day(60), level: 'team',
    }, { token: w.tokens.lead });
    const parent = objectiveResponseSchema.parse(camelize(teamRes.body)).data.id;
    expect((await w.hub.request('PUT', `/api/objective/${parent}/rollup`, { token: w.tokens.lead, body: { mode: 'children' } })).status).toBe(200);
    const done = await objective('member', 'Done child');
    await keyResult('member', done, 20);
    const open = await objective('member', 'Open child');
    await keyResult('member', open, 40);
    for (const child of [done, open]) {
      const proposal: LinkCreate = { parentId: parent };
      expect((await w.hub.post(`/api/objective/${child}/links`, body(proposal), { token: w.tokens.member })).status).toBe(200);
    }
    expect((await detail('lead', parent)).progress).toBe(30);
    await changed('member', done, { action: 'complete', completeKeyResults: false });
    await decide('lead', done, 'approve');
    expect((await detail('lead', parent)).progress).toBe(70);
    const links = alignmentLinksResponseSchema.parse(camelize((await w.hub.get(`/api/objective/${parent}/links`, { token: w.tokens.lead })).body)).data;
    expect(links.supportedBy.map((l) => [l.objective?.id, l.objective?.progress])).toEqual(expect.arrayContaining([[done, 100], [open, 40]]));
    const tree = alignmentTreeResponseSchema.parse(camelize((await w.hub.get(`/api/alignment/tree?parent_id=${parent}`, { token: w.tokens.lead })).body)).data;
    expect(tree.parent).toMatchObject({ id: parent, progress: 70 });
    expect(tree.items.map((n) => (n.kind === 'objective' ? [n.id, n.progress] : null))).toEqual(expect.arrayContaining([[done, 100], [open, 40]]));

    // migration 0016 works every stored roll-up out again by the same rule as the hub
    await w.hub.db.update(objectives).set({ rolledUpProgress: 30 }).where(eq(objectives.id, parent));
    const migration = readFileSync(new URL('../../server/db/migrations/0016_progress-rule.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('DO $$'));
    await w.hub.db.execute(sql.raw(backfill!));
    expect((await detail('lead', parent)).progress).toBe(70);
    await w.hub.db.transaction((tx) => recomputeRollups(tx, [parent]));
    expect((await detail('lead', parent)).progress).toBe(70);
  });
});

describe('the approvers’ notifications', () => {
  const titles = new Map<number, string>();
  const requests = async (who: Who, id: number) => {
    const res = await w.hub.get('/api/notifications?limit=100', { token: w.tokens[who] });
    const list = notificationListResponseSchema.parse(camelize(res.body)).data;
    return { unread: list.unreadCount, items: list.items.filter((n) => n.kind === 'approval_requested' && n.body.includes(`"${titles.get(id)}"`)) };
  };
  async function requested(): Promise<number> {
    const title = `Request number ${titles.size + 1}`;
    const id = await objective('member', title);
    titles.set(id, title);
    await changed('member', id, { action: 'complete' });
    return id;
  }

  it('are done (and read) for every approver once one of them decides, approve or send back', async () => {
    for (const decision of ['approve', 'reject'] as const) {
      const id = await requested();
      const before = await requests('lead', id);
      expect(before.items).toHaveLength(1);
      expect(before.items[0]).toMatchObject({ readAt: null, doneAt: null });
      expect((await requests('manager', id)).items[0].doneAt).toBeNull();
      await decide('manager', id, decision);
      for (const who of ['lead', 'manager'] as const) {
        const after = await requests(who, id);
        expect(after.items[0].doneAt, `${who} ${decision}`).not.toBeNull();
        expect(after.items[0].readAt, `${who} ${decision}`).not.toBeNull();
      }
      expect((await requests('lead', id)).unread).toBe(before.unread - 1);
    }
  });
  it('are done when a lead completes the waiting objective directly, and stay open while it waits', async () => {
    const id = await requested();
    await changed('member', id, { action: 'complete' });
    expect((await requests('lead', id)).items.every((n) => n.doneAt === null)).toBe(true);
    await changed('lead', id, { action: 'complete' });
    expect((await requests('lead', id)).items.every((n) => n.doneAt !== null)).toBe(true);
  });
  it('are done when the completion approval page approves it', async () => {
    const id = await requested();
    expect((await w.hub.post('/api/approval', { objective_id: id }, { token: w.tokens.lead })).status).toBe(200);
    expect((await requests('manager', id)).items[0].doneAt).not.toBeNull();
  });
  it('a member may not decide, and then nothing is marked', async () => {
    const id = await requested();
    expect((await w.hub.post(`/api/objective/${id}/approval`, { decision: 'approve' }, { token: w.tokens.mate })).status).toBe(403);
    expect((await requests('lead', id)).items[0].doneAt).toBeNull();
  });
});

describe('statistics', () => {
  it('no longer count the key results of a completed objective as at risk', async () => {
    const atRisk = async () => {
      const res = await w.hub.get(`/api/statistics?team=${w.alpha}`, { token: w.tokens.owner });
      return statisticsResponseSchema.parse(camelize(res.body)).data.byTeam.find((t) => t.team.id === w.alpha)?.atRisk ?? 0;
    };
    const id = await objective('lead', 'Risky');
    await keyResult('lead', id, 30);
    const before = await atRisk();
    await changed('lead', id, { action: 'complete', completeKeyResults: false });
    expect(await atRisk()).toBe(before - 1);
  });
});
