import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, timetrackingAccounts, timetrackingTasks } from '../../server/db/schema';
import { monthOfOffset } from '../../shared/rules/timetracking';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// people-and-shell §2/§7: GET /timetracking/reports?months={offset}, one's own report.
let hub: TestHub;
const tokens: Record<'tracked' | 'untracked', string> = {} as never;
const thisMonth = monthOfOffset(0);
const lastMonth = monthOfOffset(-1);

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const adminRole = await createRole(db, { capabilities: ['VIEW_ADMIN'] });
  await createUser(db, { name: 'Ada Admin', roleId: adminRole.id });
  const tracked = await createUser(db, { name: 'Tudor Tracked' });
  const untracked = await createUser(db, { name: 'Una Untracked' });
  const other = await createUser(db, { name: 'Otto Other' });
  await db.insert(timetrackingAccounts).values([{ userId: tracked.id, externalUser: 'tudor' }, { userId: other.id, externalUser: 'otto' }]);
  await db.insert(timetrackingTasks).values([
    { externalId: 't-1', userId: tracked.id, date: thisMonth.from, summary: 'Build the report', hours: 6.5 },
    { externalId: 't-2', userId: tracked.id, date: thisMonth.from, summary: 'Stand-up', hours: 0.5 },
    { externalId: 't-3', userId: tracked.id, date: lastMonth.to, summary: 'Last month', hours: 8 },
    { externalId: 'o-1', userId: other.id, date: thisMonth.from, summary: 'Not mine', hours: 8 },
  ]);
  tokens.tracked = (await hub.login(tracked.username, TEST_PASSWORD)).token;
  tokens.untracked = (await hub.login(untracked.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

const report = (query: string, token = tokens.tracked) => hub.get(`/api/timetracking/reports${query}`, { token });

describe('GET /timetracking/reports', () => {
  it('answers my tasks of the current month with their total (offset 0, also when omitted)', async () => {
    for (const query of ['?months=0', '']) {
      const res = await report(query);
      expect(res.status).toBe(200);
      expect(res.body.data.month).toBe(thisMonth.month);
      expect(res.body.data.timetracking).toEqual({
        hours: 7,
        tasks: [
          { id: 't-1', date: thisMonth.from, summary: 'Build the report', hours: 6.5 },
          { id: 't-2', date: thisMonth.from, summary: 'Stand-up', hours: 0.5 },
        ],
      });
    }
  });

  it('a negative offset is a past month', async () => {
    const res = await report('?months=-1');
    expect(res.body.data).toMatchObject({ month: lastMonth.month, timetracking: { hours: 8, tasks: [{ id: 't-3' }] } });
  });

  it('is null for a user without a time-tracking account, naming the first administrator as contact', async () => {
    const res = await report('?months=0', tokens.untracked);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ timetracking: null, contact: 'Ada Admin' });
  });

  it('names the contact configured on the hub when there is one', async () => {
    await hub.db.insert(settings).values({ key: 'timetrackingContact', value: 'DevOps Desk' });
    try {
      expect((await report('', tokens.untracked)).body.data.contact).toBe('DevOps Desk');
    } finally {
      await hub.db.delete(settings).where(eq(settings.key, 'timetrackingContact'));
    }
  });

  it.each(['1', '0.5', 'abc', '-121', ''])('refuses months=%s with a 400 on the field', async (value) => {
    const res = await report(`?months=${value}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'months' });
    expect(res.body.errors[0].message).toMatch(/Months must be a whole number/);
  });

  it('needs a signed-in user', async () => {
    expect((await hub.get('/api/timetracking/reports')).status).toBe(401);
  });
});
