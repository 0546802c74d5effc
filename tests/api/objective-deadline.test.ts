import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectives } from '../../server/db/schema';
import { snakify } from '../../shared/api/case';
import type { LevelObjectiveForm } from '../../shared/api/objectives';
import { addYears, isoDay } from '../../shared/rules/dates';
import { latestDeadline } from '../../shared/rules/objective-deadline';
import { OBJECTIVE_MESSAGES as M } from '../../shared/rules/objective-messages';
import { buildWorld, type ObjectiveWorld } from './objectives-fixture';

// objective-tracking §5 and shared/rules/objective-deadline.ts: an objective's deadline is today
// to 10 years ahead, whichever route sets it; '9999-12-31' was taken.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const deadlineError = (body: { errors?: Array<{ message: string; field?: string }> }) => body.errors?.find((e) => e.field === 'deadline')?.message;
const stored = async (id: number) => (await w.hub.db.select({ deadline: objectives.deadline }).from(objectives).where(eq(objectives.id, id)))[0].deadline;

describe("an objective's deadline is at most 10 years ahead", () => {
  it('POST /objective takes the last day allowed and refuses the next, and 9999-12-31, with the message on the field', async () => {
    const last = await w.create('member', { deadline: latestDeadline() });
    expect(last.status).toBe(200);
    expect(last.body.data.deadline).toBe(latestDeadline());
    const dayAfterLast = new Date(Date.parse(`${latestDeadline()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const deadline of [dayAfterLast, '9999-12-31', addYears(isoDay(), 11)]) {
      const res = await w.create('member', { deadline });
      expect({ deadline, status: res.status, message: deadlineError(res.body) }).toEqual({ deadline, status: 400, message: M.deadlineTooFar });
    }
  });

  it('PUT /objective/:id refuses moving the deadline past it and keeps the one stored', async () => {
    const o = (await w.create('member')).body.data;
    const res = await w.put('member', o.id, { deadline: '9999-12-31', last_modification_date: o.last_modification_date });
    expect(res.status).toBe(400);
    expect(deadlineError(res.body)).toBe(M.deadlineTooFar);
    expect(await stored(o.id)).toBe(o.deadline);
    const moved = await w.put('member', o.id, { deadline: addYears(isoDay(), 5), last_modification_date: o.last_modification_date });
    expect(moved.status).toBe(200);
    expect(await stored(o.id)).toBe(addYears(isoDay(), 5));
  });

  it('POST /alignment/objectives (a team objective) refuses it too', async () => {
    const form: LevelObjectiveForm = {
      level: 'team', teamId: w.alpha, ownerId: w.ids.lead, title: 'Far away', description: 'Later', category: 'Technology',
      subcategory: 'Development', priority: 'medium', deadline: '9999-12-31', isPublic: false,
    };
    const res = await w.hub.post('/api/alignment/objectives', snakify(form), { token: w.tokens.lead });
    expect(res.status).toBe(400);
    expect(deadlineError(res.body)).toBe(M.deadlineTooFar);
    const ok = await w.hub.post('/api/alignment/objectives', snakify({ ...form, deadline: latestDeadline() }), { token: w.tokens.lead });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
