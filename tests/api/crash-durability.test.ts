import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { isoDay } from '../../shared/rules/dates';
import { call, freshTarget, signIn, startHubProcess, type HubProcess, type HubTarget } from '../support/hub-process';

// Faults survived: a burst of objective writes against a hub child process, SIGKILL in
// the middle, restart on the same data. Every write the hub answered 2xx must be there, and no
// request may be half applied. PGlite in a folder here; in 'api-pg' the hub dies, PostgreSQL lives.

const WORKERS = 6;
const KEY_RESULTS_PER_OBJECTIVE = 2;
/** Kill once this many objectives were fully acknowledged, so the burst is well under way. */
const KILL_AFTER_OBJECTIVES = 12;

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDay(d);
};

interface AckedObjective {
  id: number;
  title: string;
  keyResults: number[];
  /** set once the rename (PUT) was answered 2xx */
  renamed?: string;
}

let target: HubTarget;
let hub: HubProcess | undefined;

beforeAll(async () => {
  target = await freshTarget('hub-crash');
});
afterAll(async () => {
  await hub?.kill('SIGKILL');
  await target?.drop();
});

describe('SIGKILL during a burst of objective writes', () => {
  it('keeps every acknowledged write and no half-applied request', { timeout: 240_000 }, async () => {
    hub = await startHubProcess({ target });
    const { token } = await signIn(hub.url, 'member');
    const choices = await call(hub.url, 'GET', '/api/objective/choices', { token });
    const me = await call(hub.url, 'GET', '/api/auth/me', { token });
    const teamId: number = choices.body.data.teams[0].id;
    const ownerId: number = me.body.data.user.id;

    const acked: AckedObjective[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed = false;
    let killing: Promise<unknown> | undefined;
    const base = hub.url;
    const victim = hub;

    /** One request; null when the connection died (the hub was killed). */
    const send = async (method: string, pathname: string, body?: unknown) => {
      inFlight++;
      try {
        return await call(base, method, pathname, { token, body });
      } catch {
        return null;
      } finally {
        inFlight--;
      }
    };

    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const title = `crash ${w}-${i}`;
        const created = await send('POST', '/api/objective', {
          title, team_id: teamId, owner_id: ownerId, description: `written by worker ${w}`,
          category: 'Technology', subcategory: 'Development', priority: 'medium', deadline: day(30),
        });
        if (!created) return;
        expect(created.status).toBe(200);
        const objective: AckedObjective = { id: created.body.data.id, title, keyResults: [] };
        acked.push(objective);
        for (let k = 0; k < KEY_RESULTS_PER_OBJECTIVE; k++) {
          const kr = await send('POST', `/api/objective/${objective.id}`, { title: `${title} kr ${k}`, description: 'step', deadline: day(10) });
          if (!kr) return;
          expect(kr.status).toBe(200);
          objective.keyResults.push(kr.body.data.id);
        }
        const current = await send('GET', `/api/objective/${objective.id}`);
        if (!current) return;
        const renamed = `${title} (renamed)`;
        const put = await send('PUT', `/api/objective/${objective.id}`, { title: renamed, last_modification_date: current.body.data.last_modification_date });
        if (!put) return;
        expect(put.status).toBe(200);
        objective.renamed = renamed;
        if (!killed && acked.filter((o) => o.renamed).length >= KILL_AFTER_OBJECTIVES) {
          killed = true;
          inFlightAtKill = inFlight;
          killing = victim.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const exit = await killing;
    expect(exit).toMatchObject({ signal: 'SIGKILL' });
    // the other workers had requests on the wire when the hub died
    expect(inFlightAtKill).toBeGreaterThan(0);

    // Restart on the same data: it recovers, signs the member in, and serves every acknowledged write.
    hub = await startHubProcess({ target });
    const again = await signIn(hub.url, 'member');
    for (const objective of acked) {
      const res = await call(hub.url, 'GET', `/api/objective/${objective.id}`, { token: again.token });
      expect(res.status, `objective ${objective.title}`).toBe(200);
      if (objective.renamed) expect(res.body.data.title).toBe(objective.renamed);
      const stored = res.body.data.key_results.map((kr: { id: number }) => kr.id);
      expect(stored).toEqual(expect.arrayContaining(objective.keyResults));
    }
    const stopped = await hub.kill('SIGTERM');
    expect(stopped).toMatchObject({ code: 0 });
    hub = undefined;

    // Straight from the database: each request is all or nothing.
    const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      const result = await database.db.execute(sql`
        select o.id, o.title, o.last_modification_date as modified,
               count(k.id)::int as krs, max(k.created_at) as last_kr
        from objectives o left join key_results k on k.objective_id = o.id
        where o.title like 'crash %'
        group by o.id order by o.id`);
      const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as Array<{ id: number; title: string; modified: string | Date; krs: number; last_kr: string | Date | null }>;
      const ackedIds = new Set(acked.map((o) => o.id));
      for (const row of rows) {
        expect(row.krs).toBeLessThanOrEqual(KEY_RESULTS_PER_OBJECTIVE);
        // a key result's insert and its objective's touch commit together
        if (row.last_kr) expect(new Date(row.modified).getTime()).toBeGreaterThanOrEqual(new Date(row.last_kr).getTime());
      }
      for (const objective of acked) {
        const row = rows.find((r) => r.id === objective.id);
        expect(row, objective.title).toBeDefined();
        expect(row!.krs).toBeGreaterThanOrEqual(objective.keyResults.length);
      }
      // Committed without an answer: at most one per request that was on the wire at the kill.
      const unanswered = rows.filter((r) => !ackedIds.has(r.id));
      expect(unanswered.length).toBeLessThanOrEqual(WORKERS);
      console.log(`crash-durability (${target.engine}): ${acked.length} objectives acknowledged, ${acked.reduce((n, o) => n + o.keyResults.length, 0)} key results, ${inFlightAtKill} requests in flight at SIGKILL, ${unanswered.length} committed without an answer`);
    } finally {
      await database.close();
    }
  });
});
