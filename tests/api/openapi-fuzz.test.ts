import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { roles, sessions, users } from '../../server/db/schema';
import { createSession, hashToken } from '../../server/features/auth/sessions';
import { errorBodySchema, ID_MAX } from '../../shared/api/common';
import { dottedName } from '../../shared/rules/vpn-file';
import { cloneJson, describeDraft, send, type Answer, type Draft, type Payload, type Role } from '../support/fuzz/draft';
import { pickMutation, type FuzzHints, type Mutation } from '../support/fuzz/mutations';
import { matchTemplate, operationsOf, type Operation } from '../support/fuzz/operations';
import { fuzzSeed, Rng } from '../support/fuzz/random';
import { typeOf, validValue, type JsonSchema } from '../support/fuzz/schema-values';
import { describeWrites, installWriteLog, takeWrites, type Write } from '../support/fuzz/write-log';
import { startTestHub, type TestHub } from '../support/hub';
import { resolveDemoIds } from './demo-ids';
import { ROUTE_EXPECTATIONS, type DemoIds } from './route-table-expectations';

// The whole class (SECURITY.md): every operation of the hub's own OpenAPI document gets
// bounded, seeded random requests from the admin, a member, a guest and no one: mostly
// well-formed requests (the route table's samples, or values read off the schema) with one
// hostile change. Whatever arrives, the hub answers: never a 5xx, never a dropped connection,
// every refusal in the error shape (design §4), and a refusal changes nothing in the database.
//
// Replay a run with the seed it printed: FUZZ_SEED=123 npx vitest run --project api tests/api/openapi-fuzz.test.ts
// (FUZZ_OP='PUT /api/objective/:id' narrows it to the operations whose key contains that text;
// FUZZ_SCALE=4 sends four times as many requests).

const SEED = fuzzSeed();
/** The project this runs in: the same file runs on PGlite (api) and PostgreSQL (api-pg). */
const PROJECT = inject('databaseUrl') ? 'api-pg' : 'api';
const REPLAY = `FUZZ_SEED=${SEED} npx vitest run --project ${PROJECT} tests/api/openapi-fuzz.test.ts`;
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const ONLY = process.env.FUZZ_OP;
/** Requests per operation and caller: the admin has every right, so reaches deepest. */
const RUNS: Record<Role, number> = { admin: 5, member: 3, guest: 2, anonymous: 1 };
/** The public operations (sign-in) answer no one in particular; a sign-in hashes a password on purpose slowly. */
const OPEN_RUNS = 5;
/** Past this the run stops where it is (a loaded machine): fewer requests, never a timeout. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_S ?? 30) * 1000;
/** Of the requests, the share with two changes rather than one. */
const TWO_CHANGES = 0.15;
const MAX_SHRINK_TRIES = 20;
const CALLERS = ['admin', 'member', 'guest'] as const;

/** Tables a refused request writes on purpose, on every route: not logged at all. */
const WRITTEN_BY_REFUSALS = ['login_events', 'session_activity'];
/** Refusals of these operations may write these tables too. */
const REFUSAL_WRITES: Record<string, { tables: string[]; why: string }> = {
  'POST /api/imports/holidays': { tables: ['import_runs'], why: 'every import run ends as succeeded or failed with its reason, a refused CSV too' },
  'POST /api/imports/days-left': { tables: ['import_runs'], why: 'every import run ends as succeeded or failed with its reason, a refused CSV too' },
};

let hub: TestHub;
let ids: DemoIds;
let operations: Operation[];
let hints: FuzzHints;
const tokens: Partial<Record<Role, string>> = {};
/** The callers' own rows and roles as seeded: put back after any request that may have changed them. */
let callers: { users: (typeof users.$inferSelect)[]; roles: (typeof roles.$inferSelect)[] };

beforeAll(async () => {
  console.log(`openapi fuzz: seed ${SEED} (replay: ${REPLAY})`);
  hub = await startTestHub({ seed: 'demo' });
  ids = await resolveDemoIds(hub);
  const doc = (await hub.get('/api/docs')).body;
  operations = operationsOf(doc).filter((op) => !ONLY || op.key.includes(ONLY));
  hints = { ids: await realIds(), names: await vpnNames() };
  const callerIds = CALLERS.map((who) => ids.users[who]);
  const callerUsers = await hub.db.select().from(users).where(inArray(users.id, callerIds));
  callers = { users: callerUsers, roles: await hub.db.select().from(roles).where(inArray(roles.id, callerUsers.map((u) => u.roleId!).filter(Boolean))) };
  await installWriteLog(hub.db, WRITTEN_BY_REFUSALS);
  await heal();
  // seeding the demo company takes a while on a loaded machine
}, 180_000);
afterAll(() => hub?.close());

/** Ids of real rows of every kind, most of them other people's: the ids a prober tries. */
async function realIds(): Promise<number[]> {
  const tables = ['users', 'teams', 'jobs', 'roles', 'links', 'objectives', 'key_results', 'evaluations', 'notifications', 'key_result_check_ins', 'holiday_events', 'skills'];
  const found = new Set<number>(Object.values(ids).flatMap((v) => (typeof v === 'number' ? [v] : typeof v === 'object' ? Object.values(v) : [])));
  for (const table of tables) {
    const rows = rowsOf<{ id: number }>(await hub.db.execute(sql.raw(
      `(select id from "${table}" order by id limit 3) union (select id from "${table}" order by id desc limit 2)`,
    )));
    for (const row of rows) found.add(Number(row.id));
  }
  return [...found].sort((a, b) => a - b);
}

async function vpnNames(): Promise<string[]> {
  const people = await hub.db.select({ name: users.name }).from(users).where(inArray(users.id, Object.values(ids.users)));
  return people.map((p) => dottedName(p.name));
}

/**
 * The callers' rows, roles and sessions as they were: a fuzzed success may have archived, demoted
 * or signed them out. Only what changed is written back (a write to users or sessions empties the
 * hub's session cache, and every request after it would read its session again).
 */
async function heal(): Promise<void> {
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  const nowUsers = await hub.db.select().from(users).where(inArray(users.id, callers.users.map((u) => u.id)));
  for (const { id, ...row } of callers.users) {
    if (!same(nowUsers.find((u) => u.id === id) ?? {}, { id, ...row })) await hub.db.update(users).set(row).where(eq(users.id, id));
  }
  const nowRoles = await hub.db.select().from(roles).where(inArray(roles.id, callers.roles.map((r) => r.id)));
  for (const { id, ...row } of callers.roles) {
    if (!same(nowRoles.find((r) => r.id === id) ?? {}, { id, ...row })) await hub.db.update(roles).set(row).where(eq(roles.id, id));
  }
  const live = await hub.db.select({ userId: sessions.userId }).from(sessions).where(and(
    inArray(sessions.tokenHash, CALLERS.flatMap((who) => (tokens[who] ? [hashToken(tokens[who]!)] : []))),
    isNull(sessions.revokedAt),
  ));
  for (const who of CALLERS) {
    if (!live.some((s) => s.userId === ids.users[who])) tokens[who] = (await createSession(hub.db, ids.users[who])).token;
  }
  await takeWrites(hub.db);
}

// --- one request --------------------------------------------------------------------------------

interface Case {
  op: Operation;
  base: Draft;
  mutations: Mutation[];
}

interface Problem {
  /** what the failure groups by */
  kind: 'server error' | 'no answer' | 'error shape' | 'refusal wrote';
  text: string;
}

interface Outcome {
  draft: Draft;
  answer: Answer;
  problem?: Problem;
}

let sent = 0;

const draftOf = (c: Case) => c.mutations.reduce((draft, m) => m.apply(draft), c.base);

/** design §4: `{ errors: [{ message, field? }] }`, at least one message a person can read. */
function isErrorBody(answer: Answer): boolean {
  const parsed = errorBodySchema.safeParse(answer.body);
  return answer.contentType.includes('json') && parsed.success && parsed.data.errors.length > 0 && parsed.data.errors.every((e) => e.message.length > 0);
}

const snippet = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body) ?? '').slice(0, 240);

function judge(op: Operation, answer: Answer, writes: Write[]): Problem | undefined {
  if (answer.status === 0) return { kind: 'no answer', text: answer.failure ?? 'no answer' };
  if (answer.status >= 500) return { kind: 'server error', text: `answered ${answer.status} ${snippet(answer.body)}` };
  if (answer.status < 400) return undefined;
  if (!isErrorBody(answer)) return { kind: 'error shape', text: `answered ${answer.status} ${answer.contentType} ${snippet(answer.body)}` };
  const allowed = REFUSAL_WRITES[op.key]?.tables ?? [];
  const wrote = writes.filter((w) => !allowed.includes(w.table));
  if (wrote.length > 0) return { kind: 'refusal wrote', text: `answered ${answer.status} ${snippet(answer.body)} but wrote ${describeWrites(wrote)}` };
  return undefined;
}

async function exchange(c: Case): Promise<Outcome> {
  const draft = draftOf(c);
  const answer = await send(hub.url, c.op, draft, draft.role === 'anonymous' ? undefined : tokens[draft.role]);
  sent++;
  const writes = await takeWrites(hub.db);
  const problem = judge(c.op, answer, writes);
  if (c.op.method !== 'GET' && (answer.status < 400 || problem)) await heal();
  return { draft, answer, problem };
}

// --- the requests of an operation ---------------------------------------------------------------

function baseDraft(op: Operation, role: Role, rng: Rng): Draft {
  const sample = ROUTE_EXPECTATIONS[op.key]?.sample(ids, role === 'anonymous' ? 'member' : role);
  const fromSample = sample ? matchTemplate(op.template, sample.path) : null;
  const path: Record<string, string> = {};
  for (const p of op.pathParams) {
    if (fromSample && rng.chance(0.7)) path[p.name] = fromSample[p.name];
    else if (p.name === 'name' || p.name === 'file') path[p.name] = encodeURIComponent(`${rng.pick(hints.names)}${p.name === 'file' ? '.ovpn' : ''}`);
    else path[p.name] = encodeURIComponent(String(validValue(p.schema, rng, hints, p.name)));
  }
  const query: [string, string][] = Object.entries(sample?.query ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]);
  for (const p of op.queryParams) {
    if (query.some(([k]) => k === p.name) || !(p.required || rng.chance(0.3))) continue;
    for (const v of [validValue(p.schema, rng, hints, p.name)].flat()) query.push([p.name, encodeURIComponent(String(v))]);
  }
  let payload: Payload = { kind: 'none' };
  if (sample?.file) payload = { kind: 'file', ...sample.file };
  else if (op.body) payload = { kind: 'json', value: sample?.body !== undefined && rng.chance(0.75) ? cloneJson(sample.body) : validValue(op.body, rng, hints) };
  else if (sample?.body !== undefined && op.method !== 'GET') payload = { kind: 'json', value: cloneJson(sample.body) };
  return { role, path, query, payload };
}

/** Who sends an operation's requests, interleaved so that every caller comes early. */
function callersOf(op: Operation): Role[] {
  if (op.open) return Array.from({ length: Math.max(1, Math.round(OPEN_RUNS * SCALE)) }, () => 'anonymous' as const);
  const left = Object.entries(RUNS).map(([role, n]) => [role as Role, Math.max(1, Math.round(n * SCALE))] as [Role, number]);
  const out: Role[] = [];
  while (left.some(([, n]) => n > 0)) {
    for (const entry of left) {
      if (entry[1] > 0) {
        out.push(entry[0]);
        entry[1]--;
      }
    }
  }
  return out;
}

function makeCase(op: Operation, role: Role, rng: Rng): Case {
  const base = baseDraft(op, role, rng);
  const mutations = [pickMutation(op, base, hints, rng)];
  if (rng.chance(TWO_CHANGES)) mutations.push(pickMutation(op, mutations[0].apply(base), hints, rng));
  return { op, base, mutations };
}

/** A smaller request that fails the same way: one change alone, fewer body fields, fewer query parameters. */
async function shrink(c: Case, first: Outcome): Promise<{ c: Case; outcome: Outcome }> {
  let best = { c, outcome: first };
  let tries = 0;
  const attempt = async (candidate: Case) => {
    if (tries++ >= MAX_SHRINK_TRIES) return false;
    const outcome = await exchange(candidate);
    if (outcome.problem?.kind !== first.problem!.kind) return false;
    best = { c: candidate, outcome };
    return true;
  };
  if (c.mutations.length > 1) {
    for (const m of c.mutations) if (await attempt({ ...c, mutations: [m] })) break;
  }
  const payload = best.c.base.payload;
  if (payload.kind === 'json' && payload.value !== null && typeof payload.value === 'object' && !Array.isArray(payload.value)) {
    for (const key of Object.keys(payload.value)) {
      if (best.c.mutations.some((m) => m.touches === key)) continue;
      const current = best.c.base.payload;
      if (current.kind !== 'json') break;
      const value = cloneJson(current.value) as Record<string, unknown>;
      delete value[key];
      await attempt({ ...best.c, base: { ...best.c.base, payload: { kind: 'json', value } } });
    }
  }
  for (const pair of [...best.c.base.query]) {
    await attempt({ ...best.c, base: { ...best.c.base, query: best.c.base.query.filter((q) => q !== pair) } });
  }
  return best;
}

// --- the property -------------------------------------------------------------------------------

interface Group {
  op: Operation;
  problem: Problem;
  kinds: Set<string>;
  count: number;
  first: { c: Case; outcome: Outcome };
}

/** Integers a request carries that are not row ids, and why a larger one cannot reach a column. */
const UNBOUNDED_INTEGERS: Record<string, string> = {
  'PUT /api/user/{id}/extras body.personal_info.skills[].id': 'kept in the profile\'s JSON (users.extras), never compared with a column',
};

/** Every integer of a request schema, as '<operation> <where>' → [minimum, maximum]. */
function requestIntegers(op: Operation): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  const walk = (schema: JsonSchema | undefined, where: string) => {
    if (!schema) return;
    if (typeOf(schema) === 'integer') out.push([`${op.method} ${op.template} ${where}`, schema]);
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, `${where}.${key}`);
    walk(schema.items, `${where}[]`);
    for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(variant, where);
  };
  for (const p of [...op.pathParams, ...op.queryParams]) walk(p.schema, p.name);
  walk(op.body, 'body');
  return out;
}

describe('ids past PostgreSQL\'s integer (found by the fuzz: 500s from the database)', () => {
  const over = ID_MAX + 1;
  const sample = (key: string) => ROUTE_EXPECTATIONS[key].sample(ids, 'admin');

  it('are refused with 400 naming the field, in paths and in bodies', async () => {
    const probes: [string, string, unknown, string][] = [
      ['GET', `/api/objective/${over}`, undefined, 'id'],
      ['DELETE', `/api/key-result/${over}`, undefined, 'id'],
      ['POST', `/api/objective/${over}/approval`, { decision: 'approve' }, 'id'],
      ['DELETE', `/api/employee-details/${over}`, undefined, 'id'],
      ['PUT', `/api/admin/users/${ids.users.member}/role`, { role_id: over }, 'role_id'],
      ['POST', '/api/objective', { ...(sample('POST /api/objective').body as object), team_id: over }, 'team_id'],
      ['PUT', sample('PUT /api/user/:id').path, { ...(sample('PUT /api/user/:id').body as object), job_id: over }, 'job_id'],
      ['PUT', sample('PUT /api/user/:id').path, { ...(sample('PUT /api/user/:id').body as object), team_ids: [over] }, 'team_ids.0'],
      ['POST', '/api/user/teams', { ...(sample('POST /api/user/teams').body as object), user_id: over }, 'user_id'],
    ];
    for (const [method, path, body, field] of probes) {
      const res = await hub.request(method, path, { token: tokens.admin, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.errors.map((e: { field?: string }) => e.field), `${method} ${path}`).toContain(field);
    }
    expect(await takeWrites(hub.db)).toEqual([]);
  });

  it('the largest one is an id like any other: looked up, and not found', async () => {
    expect((await hub.get(`/api/objective/${ID_MAX}`, { token: tokens.admin })).status).toBe(404);
    expect((await hub.request('DELETE', `/api/key-result/${ID_MAX}`, { token: tokens.admin })).status).toBe(404);
    const role = await hub.request('PUT', `/api/admin/users/${ids.users.member}/role`, { token: tokens.admin, body: { role_id: ID_MAX } });
    expect([400, 404]).toContain(role.status);
    expect(role.body.errors[0].message).not.toBe('Role is required.');
  });
});

describe('the OpenAPI document, fuzzed', () => {
  it('the write log sees a committed write and not a rolled-back one (a guard that sees nothing proves nothing)', async () => {
    await hub.db.update(users).set({ phone: callers.users[0].phone }).where(eq(users.id, callers.users[0].id));
    await hub.db.transaction(async (tx) => {
      await tx.update(users).set({ phone: 'rolled back' }).where(eq(users.id, callers.users[0].id));
      tx.rollback();
    }).catch(() => undefined);
    expect(await takeWrites(hub.db)).toEqual([{ table: 'users', op: 'UPDATE' }]);
  });

  it('every integer a request carries fits PostgreSQL\'s integer (ID_MAX), so no id reaches the database out of range', () => {
    const INT4_MIN = -ID_MAX - 1;
    const unbounded = operations.flatMap(requestIntegers)
      .filter(([where, s]) => !(where in UNBOUNDED_INTEGERS) && !(typeof s.maximum === 'number' && s.maximum <= ID_MAX && typeof s.minimum === 'number' && s.minimum >= INT4_MIN))
      .map(([where, s]) => `${where}: [${s.minimum}, ${s.maximum}]`);
    expect(unbounded).toEqual([]);
  });


  it('every operation, as the admin, a member, a guest and no one: no 5xx, no dropped connection, refusals in the error shape that change nothing', async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const groups = new Map<string, Group>();
    // round i sends every operation's i-th request, so a run cut short by the time budget has
    // fuzzed every operation alike; each operation draws from its own generator
    const queues = operations.map((op) => ({ op, rng: new Rng(SEED).fork(op.key), roles: callersOf(op) }));
    const planned = queues.reduce((sum, q) => sum + q.roles.length, 0);
    const rounds = Math.max(...queues.map((q) => q.roles.length));
    let cut = false;
    for (let round = 0; round < rounds && !cut; round++) {
      for (const { op, rng, roles: queue } of queues) {
        if (round >= queue.length) continue;
        if (Date.now() - started > BUDGET_MS) {
          cut = true;
          break;
        }
        const c = makeCase(op, queue[round], rng);
        const outcome = await exchange(c);
        if (!outcome.problem) continue;
        const kinds = c.mutations.map((m) => m.kind);
        const key = `${op.key} | ${outcome.problem.kind} | ${kinds.join('+')}`;
        const group = groups.get(key) ?? { op, problem: outcome.problem, kinds: new Set(kinds), count: 0, first: { c, outcome } };
        group.count++;
        groups.set(key, group);
      }
    }
    const fuzzed = sent;
    const report: string[] = [];
    for (const group of groups.values()) {
      const { c, outcome } = await shrink(group.first.c, group.first.outcome);
      report.push([
        `${group.op.key}: ${group.problem.kind} (${group.count}×, ${[...group.kinds].join(', ')})`,
        `  ${c.mutations.map((m) => m.label).join(' and ')}`,
        `  ${describeDraft(group.op, outcome.draft)}`,
        `  ${outcome.problem?.text ?? group.problem.text}`,
      ].join('\n'));
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // the hub runs in this process (and on PGlite its database too): CPU time shows what a loaded machine hides
    const used = process.cpuUsage(cpu);
    const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(1);
    const budget = cut ? `, cut at the ${BUDGET_MS / 1000} s budget (FUZZ_BUDGET_S) of ${planned} planned` : '';
    console.log(`openapi fuzz: ${fuzzed} requests${budget} (${sent - fuzzed} more to shrink failures) over ${operations.length} operations in ${seconds} s (${cpuSeconds} s of CPU), seed ${SEED}`);
    if (report.length > 0) console.log(`openapi fuzz: ${report.length} kinds of failure (replay: ${REPLAY})\n\n${report.join('\n\n')}`);
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 80);
    expect(report, `replay: ${REPLAY}`).toEqual([]);
  }, 240_000);
});
