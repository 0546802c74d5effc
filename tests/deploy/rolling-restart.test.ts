import https from 'node:https';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, meResponseSchema } from '../../shared/api/auth';
import { camelize } from '../../shared/api/case';
import { objectiveChoicesResponseSchema, objectiveResponseSchema } from '../../shared/api/objectives';
import { DEPLOY_HOST, startDeployStack, type DeployStack } from '../support/deploy-stack';
import type { HubProcess } from '../support/hub-process';
import { REQUEST_ID_HEADER } from '../../server/plugins/request-log';
import { describeFailure, describeTimeline, drainTimes, summarizeErrorLog, type FailedRequest, type HubLog, type HubRestart } from './restart-failure-report';

// Upgrades with nothing failed: the three hubs behind nginx restarted one after the
// other (SIGTERM, drain, a new process on the same port, ready) under a steady mixed load of
// RATE requests a second through nginx. Not one request fails, and every write the hub
// acknowledged is in the database, once.

const RATE = 200;
/** one request in WRITE_EVERY is a write (a new objective), the others reads */
const WRITE_EVERY = 4;
/** load before the first restart and after the last one */
const MARGIN_MS = 2_000;

let stack: DeployStack | undefined;
let agent: https.Agent;

interface Answer {
  status: number;
  body: unknown;
  /** nginx's id of the request (every answer carries it, nginx's own 502 too) */
  requestId: string | null;
}

function call(method: string, pathname: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { host: DEPLOY_HOST };
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = https.request(`${stack!.base}${pathname}`, { method, headers, agent, servername: DEPLOY_HOST }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.once('end', () => {
        let parsed: unknown = text;
        try {
          parsed = camelize(JSON.parse(text));
        } catch {
          /* not JSON: kept as text for the failure report */
        }
        const id = res.headers[REQUEST_ID_HEADER];
        resolve({ status: res.statusCode ?? 0, body: parsed, requestId: typeof id === 'string' ? id : null });
      });
    });
    req.once('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  // HUB_DRAIN_DELAY as docs/operations.md advises behind nginx under load
  stack = await startDeployStack({ hubEnv: { HUB_DRAIN_DELAY: '2' } });
  agent = new https.Agent({ keepAlive: true, maxSockets: 64, ca: stack.certs.ca });
}, 600_000);

afterAll(async () => {
  agent?.destroy();
  await stack?.stop();
}, 120_000);

describe('a rolling restart of three hubs behind nginx', () => {
  it(`fails no request of a steady ${RATE}/s mixed load and loses no acknowledged write`, { timeout: 600_000 }, async () => {
    const login = await call('POST', '/api/auth/login', undefined, { username: 'member', password: 'demo' });
    expect(login.status).toBe(200);
    const token = loginResponseSchema.parse(login.body).data.accessToken;
    const me = meResponseSchema.parse((await call('GET', '/api/auth/me', token)).body).data.user;
    const choices = objectiveChoicesResponseSchema.parse((await call('GET', '/api/objective/choices', token)).body).data;
    const form = {
      team_id: choices.teams[0].id, owner_id: me.id, description: 'written during a rolling restart', category: 'Technology',
      subcategory: 'Development', priority: 'medium', deadline: new Date().toISOString().slice(0, 10),
    };
    const first = await call('POST', '/api/objective', token, { ...form, title: 'rolling seed' });
    expect(first.status).toBe(200);
    const readId = objectiveResponseSchema.parse(first.body).data.id;
    const reads = [`/api/objective/${readId}`, '/api/auth/me', '/api/notifications', '/api/objective/choices'];

    const failures: FailedRequest[] = [];
    const acknowledged: number[] = [];
    const counts = { reads: 0, writes: 0 };
    const pending = new Set<Promise<void>>();
    let sent = 0;
    const send = (n: number) => {
      const write = n % WRITE_EVERY === 0;
      const [method, path] = write ? ['POST', '/api/objective'] : ['GET', reads[n % reads.length]];
      const request = write ? call(method, path, token, { ...form, title: `rolling ${n}` }) : call(method, path, token);
      const sentAt = Date.now();
      const label = `${write ? 'write' : 'read'} ${n}`;
      const done = request.then(
        (answer) => {
          if (answer.status !== 200) {
            failures.push({ label, method, path, sentAt, endedAt: Date.now(), status: answer.status, requestId: answer.requestId, body: (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)).replace(/\s+/g, ' ').slice(0, 200) });
          } else if (write) acknowledged.push(objectiveResponseSchema.parse(answer.body).data.id);
          counts[write ? 'writes' : 'reads']++;
        },
        (error: unknown) => {
          failures.push({ label, method, path, sentAt, endedAt: Date.now(), code: (error as { code?: string }).code ?? String(error), requestId: null });
        },
      );
      pending.add(done);
      void done.finally(() => pending.delete(done));
    };
    // open loop: requests go out at the rate whatever the answers' speed, as people's do
    const loadStarted = Date.now();
    const pacer = setInterval(() => {
      const due = Math.floor(((Date.now() - loadStarted) * RATE) / 1000);
      while (sent < due) send(sent++);
    }, 5);

    const restarts: HubRestart[] = [];
    // the hubs' logs, the stopped ones' too, for the failure report
    const hubLogs: HubLog[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, MARGIN_MS));
      for (const index of [0, 1, 2]) {
        const retired: HubProcess = stack!.hubs[index];
        const signalledAt = Date.now();
        const { drainedMs, readyMs } = await stack!.restartHub(index);
        restarts.push({ hub: index + 1, signalledAt, drain: drainTimes(retired), exitedAt: signalledAt + drainedMs, readyAt: signalledAt + drainedMs + readyMs });
        hubLogs.push({ name: `hub ${index + 1} (stopped)`, process: retired });
      }
      await new Promise((resolve) => setTimeout(resolve, MARGIN_MS));
    } finally {
      clearInterval(pacer);
    }
    const loadMs = Date.now() - loadStarted;
    await Promise.all([...pending]);

    const client = new pg.Client({ connectionString: stack!.databaseUrl });
    await client.connect();
    let stored: number[];
    let titles: string[];
    try {
      const rows = await client.query<{ id: number; title: string }>("select id, title from objectives where title like 'rolling %' and title <> 'rolling seed'");
      stored = rows.rows.map((row) => row.id);
      titles = rows.rows.map((row) => row.title);
    } finally {
      await client.end();
    }
    const storedSet = new Set(stored);
    const lost = acknowledged.filter((id) => !storedSet.has(id));
    // a write nginx sent to two hubs would be stored twice, with one title
    const twice = titles.filter((title, i) => titles.indexOf(title) !== i);
    const acknowledgedSet = new Set(acknowledged);
    const unacknowledged = stored.filter((id) => !acknowledgedSet.has(id));

    console.log(
      `rolling restart: ${sent} requests in ${(loadMs / 1000).toFixed(1)} s (${Math.round((sent * 1000) / loadMs)}/s; ${counts.reads} reads, ${counts.writes} writes), ` +
        `${failures.length} failed; ${acknowledged.length} writes acknowledged, ${stored.length} stored, ${lost.length} lost, ${twice.length} stored twice, ${unacknowledged.length} stored unacknowledged; ` +
        `hubs drained in ${restarts.map((r) => r.exitedAt - r.signalledAt).join(' / ')} ms, ready again after ${restarts.map((r) => r.readyAt - r.exitedAt).join(' / ')} ms`,
    );
    console.log(`${describeTimeline(restarts, loadStarted)}\nnginx's error log:\n${summarizeErrorLog(stack!.nginx.errorLog())}`);
    if (failures.length > 0) {
      hubLogs.push(...stack!.hubs.map((process, i) => ({ name: `hub ${i + 1} (new)`, process })));
      const [errorLog, accessLog] = [stack!.nginx.errorLog(), stack!.nginx.accessLog()];
      console.log(`${failures.length} failed request(s):\n${failures.map((failure) => describeFailure(failure, restarts, errorLog, accessLog, hubLogs)).join('\n')}`);
    }
    expect(failures.map((f) => `${f.label}: ${f.status ?? f.code}`)).toEqual([]);
    expect(counts.reads + counts.writes).toBe(sent);
    expect(lost).toEqual([]);
    // nothing stored twice, nothing stored that was not acknowledged
    expect(twice).toEqual([]);
    expect(stored.length).toBe(acknowledged.length);
    expect(sent).toBeGreaterThan((RATE * loadMs) / 1000 - RATE);
  });
});
