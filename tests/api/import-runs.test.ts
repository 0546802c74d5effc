import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holidayEvents, importRuns } from '../../server/db/schema';
import { ImportFailure, recordedRun, RUN_LEASE_MS } from '../../server/features/imports/runs';
import { camelize } from '../../shared/api/case';
import { IMPORT_MESSAGES, importRunsResponseSchema } from '../../shared/api/imports';
import { isStorableText } from '../../shared/rules/text-input';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Every import run ends, succeeded or failed with its reason, whatever is thrown; and
// a run left 'running' by a hub that died is marked failed once its lease lapses.
let hub: TestHub;
let adminToken: string;

beforeAll(async () => {
  hub = await startTestHub();
  const role = await createRole(hub.db, { capabilities: ['VIEW_ADMIN'] });
  const admin = await createUser(hub.db, { roleId: role.id, firstLogin: false });
  adminToken = (await hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

const runRow = async (id: number) => (await hub.db.select().from(importRuns).where(eq(importRuns.id, id)))[0];
const listedRuns = async () => {
  const res = await hub.get('/api/imports', { token: adminToken });
  expect(res.status).toBe(200);
  return importRunsResponseSchema.parse(camelize(res.body)).data.runs;
};
const never = async (): Promise<number> => {
  throw new Error('not reached');
};

describe('abandoned runs', () => {
  it('a run whose lease lapsed shows as failed with the reason; a run still leased stays running', async () => {
    const [lapsed, live, beforeLeases] = await hub.db
      .insert(importRuns)
      .values([
        { source: 'edge:lapsed', status: 'running', leaseExpiresAt: sql`now() - interval '1 second'` },
        { source: 'edge:live', status: 'running', leaseExpiresAt: sql`now() + interval '1 hour'` },
        // started before runs had leases, long enough ago
        { source: 'edge:old', status: 'running', startedAt: sql`now() - ${`${RUN_LEASE_MS * 2} milliseconds`}::interval` },
      ])
      .returning();
    const runs = await listedRuns();
    expect(runs.find((r) => r.id === lapsed.id)).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runStopped, finishedAt: expect.any(String) });
    expect(runs.find((r) => r.id === beforeLeases.id)).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runStopped });
    expect(runs.find((r) => r.id === live.id)).toMatchObject({ status: 'running', message: null, finishedAt: null });
    await hub.db.update(importRuns).set({ status: 'succeeded', finishedAt: new Date() }).where(eq(importRuns.id, live.id));
  });

  it('starting a run also ends the abandoned ones', async () => {
    const [lapsed] = await hub.db.insert(importRuns).values({ source: 'edge:lapsed-2', status: 'running', leaseExpiresAt: sql`now() - interval '1 second'` }).returning();
    await recordedRun(hub.db, 'edge:next', async () => [], async () => 0);
    expect(await runRow(lapsed.id)).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runStopped });
  });

  it('a long run renews its lease while it works, so it is never taken for abandoned', async () => {
    let release!: () => void;
    const loading = new Promise<void>((resolve) => (release = resolve));
    const outcome = recordedRun(hub.db, 'edge:slow', async () => loading, async () => 1, { leaseMs: 1_000 });
    const { id } = await vi.waitFor(async () => {
      const [row] = await hub.db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.source, 'edge:slow'));
      if (!row) throw new Error('the run has not started yet');
      return row;
    });
    const first = (await runRow(id)).leaseExpiresAt!;
    // past the first lease: only the renewals keep it running
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await listedRuns()).find((r) => r.id === id)).toMatchObject({ status: 'running' });
    expect((await runRow(id)).leaseExpiresAt!.getTime()).toBeGreaterThan(first.getTime());
    release();
    expect((await outcome).run).toMatchObject({ id, status: 'succeeded', rows: 1 });
  });
});

describe('a run ends whatever is thrown', () => {
  it('an error whose message holds a NUL and a row’s values ends the run failed, with a reason that quotes neither', async () => {
    const thrown = new Error('Failed query: insert into days_left params: ana.pop@bitstone.test,\u0000,12');
    const outcome = await recordedRun(hub.db, 'edge:nul', async () => {
      throw thrown;
    }, never);
    expect(outcome.error).toBe(thrown);
    expect(outcome.run).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runFailed });
    expect(await runRow(outcome.run.id)).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runFailed, finishedAt: expect.any(Date) });
  });

  it('a non-Error thrown value ends the run failed too', async () => {
    const outcome = await recordedRun(hub.db, 'edge:string', async () => {
      throw 'just a string';
    }, never);
    expect(outcome.run).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runFailed });
  });

  it('the database refusing a NUL inside the transaction rolls the run back and ends it failed', async () => {
    const outcome = await recordedRun(hub.db, 'edge:db', async () => 'x', async (tx) => {
      await tx.insert(holidayEvents).values({ externalId: 'edge-rolled-back', title: 't', start: '2026-01-05', end: '2026-01-05', type: 'Medical', teamIds: [] });
      await tx.execute(sql`select ${'Ana\u0000Pop'}::text`);
      return 1;
    });
    expect(outcome.error).toBeDefined();
    expect(outcome.run).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.runFailed });
    expect(await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'edge-rolled-back'))).toEqual([]);
  });

  it('a reason written for the admin is kept, made storable: NUL and lone surrogates replaced, cut to 2,000 characters', async () => {
    const outcome = await recordedRun(hub.db, 'edge:reason', async () => {
      // 20 characters, then x up to the 1,999th: the cut falls between the halves of the first emoji
      throw new ImportFailure(`Line 2: bad\u0000 cell \ud800 ${'x'.repeat(1979)}😀😀`);
    }, never);
    const stored = (await runRow(outcome.run.id)).message!;
    expect(stored.startsWith('Line 2: bad\ufffd cell \ufffd x')).toBe(true);
    expect(stored).toHaveLength(2000);
    expect(stored.endsWith('x\ufffd')).toBe(true);
    expect(isStorableText(stored)).toBe(true);
    expect(outcome.run).toMatchObject({ status: 'failed', message: stored });
  });
});
