import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsCountResponseSchema } from '../../shared/api/approvals';
import { APPROVAL_MESSAGES as A } from '../../shared/rules/objective-messages';
import { buildWorld, type ObjectiveWorld, type Who } from './objectives-fixture';

// Approvals (spec §2, §4; design §3), allowed and refused.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

/** A member's objective sent for approval (complete, or delete). */
async function request(who: Who, action: 'complete' | 'delete', fields: Record<string, unknown> = {}) {
  const o = (await w.create(who, fields)).body.data;
  const res = await w.put(who, o.id, { action });
  expect(res.body.data.status).toBe('waiting for approval');
  return o.id as number;
}
const list = async (who: Who) => (await w.hub.get('/api/objective/approvals', { token: w.tokens[who] }));
const decideAs = (who: Who, id: number, decision: string) => w.hub.post(`/api/objective/${id}/approval`, { decision }, { token: w.tokens[who] });

describe('GET /objective/approvals', () => {
  it('lists waiting objectives for the lead, the teams manager and the owner of the team, not others', async () => {
    const id = await request('member', 'complete');
    for (const who of ['lead', 'manager', 'owner'] as const) {
      const res = await list(who);
      expect(res.status).toBe(200);
      expect(res.body.data.items.find((r: { id: number }) => r.id === id)).toMatchObject({ name: 'Bogdan Member', team: 'Alpha', status: 'waiting for approval', next_status: 'completed' });
    }
    expect((await list('otherLead')).body.data.items.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await list('member')).body.data.items).toEqual([]);
  });
  it('refuses the Guest role with 403', async () => {
    expect((await list('guest')).status).toBe(403);
  });
});

describe('GET /objective/approvals/count', () => {
  const count = async (who: Who) => {
    const res = await w.hub.get('/api/objective/approvals/count', { token: w.tokens[who] });
    expect(res.status).toBe(200);
    return approvalsCountResponseSchema.parse(res.body).data.count;
  };

  it("counts exactly the rows each approver's list has, and goes down once one is decided", async () => {
    const id = await request('member', 'complete');
    for (const who of ['lead', 'manager', 'owner', 'otherLead'] as const) {
      expect(await count(who), who).toBe((await list(who)).body.data.items.length);
    }
    const before = await count('lead');
    expect(before).toBeGreaterThan(0);
    expect((await decideAs('lead', id, 'approve')).status).toBe(200);
    expect(await count('lead')).toBe(before - 1);
  });
  it('is 0 for a member, whose role decides on no request', async () => {
    await request('member', 'complete');
    expect(await count('member')).toBe(0);
  });
  it('refuses the Guest role with 403, as the list does', async () => {
    const res = await w.hub.get('/api/objective/approvals/count', { token: w.tokens.guest });
    expect(res.status).toBe(403);
    expect(res.body.errors).toHaveLength(1);
  });
});

describe('POST /objective/:id/approval', () => {
  it('Approve completes a completion request', async () => {
    const id = await request('member', 'complete');
    const res = await decideAs('lead', id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'completed', next_status: 'completed' });
  });
  it('Approve deletes a deletion request', async () => {
    const id = await request('member', 'delete');
    expect((await decideAs('manager', id, 'approve')).body.data).toEqual({ removed: true, id });
    expect((await w.hub.get(`/api/objective/${id}`, { token: w.tokens.member })).status).toBe(404);
  });
  it('Remove sends the objective back to in progress', async () => {
    const id = await request('member', 'complete');
    expect((await decideAs('lead', id, 'reject')).body.data).toMatchObject({ status: 'in progress', next_status: null });
  });
  it('refuses the member, another team’s lead, the guest, a bad decision and an objective not waiting', async () => {
    const id = await request('member', 'complete');
    expect((await decideAs('member', id, 'approve')).status).toBe(403);
    expect((await decideAs('otherLead', id, 'approve')).status).toBe(403);
    expect((await decideAs('guest', id, 'approve')).status).toBe(403);
    expect((await decideAs('lead', id, 'maybe')).status).toBe(400);
    const fresh = (await w.create('member')).body.data;
    const notWaiting = await decideAs('lead', fresh.id, 'approve');
    expect(notWaiting.status).toBe(400);
    expect(notWaiting.body.errors[0].message).toBe(A.notWaiting);
  });
});

describe('POST /approval (completion approval page)', () => {
  it('approves completion of an objective, or deletion with the flag', async () => {
    const a = (await w.create('member')).body.data;
    expect((await w.hub.post('/api/approval', { objective_id: a.id }, { token: w.tokens.lead })).body.data).toEqual({ kind: 'objective', id: a.id, status: 'completed' });
    const b = (await w.create('member')).body.data;
    expect((await w.hub.post('/api/approval', { objective_id: b.id, delete: true }, { token: w.tokens.lead })).body.data.status).toBe('deleted');
    expect((await w.hub.get(`/api/objective/${b.id}`, { token: w.tokens.lead })).status).toBe(404);
  });
  it('approves completion of a key result with the default score', async () => {
    const o = (await w.create('member')).body.data;
    const kr = (await w.hub.post(`/api/objective/${o.id}`, { title: 'KR', description: 'd', deadline: o.deadline }, { token: w.tokens.member })).body.data;
    const res = await w.hub.post('/api/approval', { key_result_id: kr.id }, { token: w.tokens.owner });
    expect(res.body.data).toEqual({ kind: 'keyResult', id: kr.id, status: 'completed' });
    expect((await w.hub.get(`/api/key-result/${kr.id}`, { token: w.tokens.member })).body.data).toMatchObject({ status: 'completed', percentage: 100 });
  });
  it('answers the spec texts for a missing and an unknown id', async () => {
    const missing = await w.hub.post('/api/approval', {}, { token: w.tokens.lead });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].message).toBe(A.missingBody);
    const unknown = await w.hub.post('/api/approval', { objective_id: 999999 }, { token: w.tokens.lead });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe(A.failedBody);
  });
  it('refuses a member and the guest', async () => {
    const o = (await w.create('member')).body.data;
    expect((await w.hub.post('/api/approval', { objective_id: o.id }, { token: w.tokens.member })).status).toBe(403);
    expect((await w.hub.post('/api/approval', { objective_id: o.id }, { token: w.tokens.guest })).status).toBe(403);
  });
});
