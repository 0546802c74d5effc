import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelize } from '../../shared/api/case';
import { linkListResponseSchema, linkSavedResponseSchema } from '../../shared/api/links';
import { objectiveChoicesResponseSchema, objectiveResponseSchema } from '../../shared/api/objectives';
import { preferencesResponseSchema } from '../../shared/api/preferences';
import { dottedName } from '../../shared/rules/vpn-file';
import { ROUTE_EXPECTATIONS, type Caller, type DemoIds } from '../api/route-table-expectations';
import { call, signIn, startHubProcess, type HubProcess } from '../support/hub-process';
import { callAll, getOperations, requestFromSchema, type GetAnswer, type OpenApiDocument } from '../support/openapi-gets';
import { startCluster, type Cluster } from '../support/postgres-cluster';
import { checkOutPreviousRelease, type PreviousRelease } from '../support/previous-release';

// Migrations during a rolling upgrade (docs/operations.md, 'Upgrading'): a hub of the
// previous release keeps serving while the first hub of the new release migrates the database
// under it. The previous release is the code of the commit before the newest migration
// (support/previous-release.ts). It creates and seeds its own database, serves every GET of its
// own OpenAPI document as the admin and as a member, then a hub of this checkout starts on the
// same database and applies the newest migration (under the start-up lock, as in production)
// while the old hub is under load. Afterwards the old hub answers every GET as before, nothing
// 5xx, and writes by either release are visible through the other.

let cluster: Cluster | undefined;
let release: PreviousRelease | undefined;
const hubs: HubProcess[] = [];

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function freshDatabase(name: string): Promise<string> {
  await query(cluster!.url, `create database ${name}`);
  return cluster!.url.replace(/\/postgres$/, `/${name}`);
}

async function startHub(databaseUrl: string, root?: string): Promise<HubProcess> {
  const hub = await startHubProcess({ target: { databaseUrl }, root, env: { PG_POOL_MAX: '5' } });
  hubs.push(hub);
  return hub;
}

/** The route-table samples' ids, read with plain SQL (the previous release's schema has no drizzle of its own here). */
async function demoIds(databaseUrl: string): Promise<DemoIds> {
  const people = await query<{ id: number; username: string; name: string }>(
    databaseUrl, "select id, username, name from users where username in ('admin', 'owner', 'manager', 'lead', 'member', 'guest')",
  );
  const users = Object.fromEntries(people.map((p) => [p.username, p.id])) as DemoIds['users'];
  const first = async (text: string, values: unknown[] = []) => (await query<{ id: number }>(databaseUrl, text, values))[0]?.id ?? 0;
  return {
    users,
    adminVpnName: dottedName(people.find((p) => p.username === 'admin')!.name),
    phoenix: await first("select id from teams where name = 'Phoenix'"),
    otherTeam: await first(
      "select id from teams where status = 'active' and id not in (select team_id from team_members where user_id = any($1)) order by id",
      [[users.member, users.guest]],
    ),
    objective: await first('select id from objectives where owner_id = $1 order by id', [users.admin]),
    keyResult: await first('select id from key_results order by id'),
    evaluation: await first('select id from evaluations order by id'),
    link: await first('select id from links order by id'),
    role: await first("select id from roles where name = 'User'"),
    job: await first('select job_id as id from users where id = $1', [users.admin]),
    adminSession: await first('select id from sessions where user_id = $1 order by id', [users.admin]),
  };
}

/** One hub's GET operations as the admin and as a member: its own document, the route table's samples. */
interface Walk {
  hub: HubProcess;
  doc: OpenApiDocument;
  ids: DemoIds;
  tokens: Record<Caller, string>;
}

async function walkOf(hub: HubProcess, databaseUrl: string): Promise<Walk> {
  const tokens = {} as Record<Caller, string>;
  for (const who of ['admin', 'member'] as const) tokens[who] = (await signIn(hub.url, who)).token;
  return { hub, doc: (await call(hub.url, 'GET', '/api/docs')).body, ids: await demoIds(databaseUrl), tokens };
}

/** Every GET of the document, as the route table samples it (or from its schemas where it has no sample: a route since removed, a public one). */
async function walk({ hub, doc, ids, tokens }: Walk): Promise<Record<'admin' | 'member', GetAnswer[]>> {
  const someIds = [ids.users.admin, ids.users.member, ids.objective, ids.phoenix];
  const requests = (who: Caller) =>
    getOperations(doc).map((op) => ({ key: op.key, request: ROUTE_EXPECTATIONS[op.key]?.sample(ids, who) ?? requestFromSchema(op, someIds) }));
  return { admin: await callAll(hub.url, requests('admin'), tokens.admin), member: await callAll(hub.url, requests('member'), tokens.member) };
}

const statuses = (answers: GetAnswer[]) => Object.fromEntries(answers.map((a) => [a.key, a.status]));
const ok = (answers: GetAnswer[]) => answers.filter((a) => a.status >= 200 && a.status < 300).length;
const serverErrors = (answers: Record<string, GetAnswer[]>) =>
  Object.values(answers).flat().filter((a) => a.status >= 500).map((a) => `${a.url} -> ${a.status} ${a.excerpt}`);

/** The hub's logged errors (the answers carry no cause; the log carries PostgreSQL's code), for a failure's message. */
function hubErrors(hub: HubProcess): string {
  const described = hub.logLines().filter((line) => line.level >= 50).map((line) => {
    const err = (line as { err?: { type?: string; stack?: string; cause?: { code?: string; routine?: string } } }).err;
    return err ? `${err.type} ${err.cause?.code ?? ''} ${err.cause?.routine ?? ''} ${err.stack?.split('\n').find((frame) => frame.includes('/server/'))?.trim() ?? ''}` : String(line.msg);
  });
  return [...new Set(described)].slice(0, 5).join('\n');
}

/** Repeats a few reads on the hub until `until` settles; the answers that were not 200. */
async function underLoad(walked: Walk, until: Promise<unknown>): Promise<{ failures: string[]; calls: number }> {
  const failures: string[] = [];
  let calls = 0;
  let done = false;
  const load = (async () => {
    while (!done) {
      for (const path of ['/api/objective', '/api/auth/me', '/api/notifications', `/api/objective/${walked.ids.objective}`]) {
        const answer = await call(walked.hub.url, 'GET', path, { token: walked.tokens.admin }).catch((error: unknown) => ({ status: 0, body: String(error) }));
        calls++;
        if (answer.status !== 200) failures.push(`${path} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    }
  })();
  try {
    await until;
  } finally {
    done = true;
    await load;
  }
  return { failures, calls };
}

beforeAll(async () => {
  release = checkOutPreviousRelease();
  cluster = await startCluster();
}, 120_000);

afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.kill('SIGTERM')));
  await cluster?.stop();
  release?.remove();
}, 120_000);

/**
 * What the next release may do to the schema under this one (docs/operations.md, expand): a
 * nullable column and a column with a default on every table, a new table, a new enum value, an
 * index built concurrently. Each statement commits on its own, as drizzle's migrator would not
 * (it runs a whole migration in one transaction): what is under test is this code's reading of
 * a wider schema, not the locks of one long migration.
 */
async function expandLikeTheNextRelease(databaseUrl: string): Promise<number> {
  const tables = await query<{ name: string }>(databaseUrl, "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
  const statements = [
    ...tables.flatMap(({ name }) => [
      `alter table "${name}" add column "next_release_note" text`,
      `alter table "${name}" add column "next_release_flag" boolean not null default false`,
    ]),
    'create table "next_release_things" ("id" serial primary key, "name" text not null)',
    `alter type "notification_kind" add value 'next_release_kind'`,
    'create index concurrently "objectives_next_release_idx" on "objectives" ("owner_id", "next_release_flag")',
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
  return tables.length;
}

describe('migrations during a rolling upgrade', () => {
  it('a hub of the previous release serves every GET of its document as before, and writes visible both ways, while the newest migration is applied', { timeout: 300_000 }, async () => {
    const databaseUrl = await freshDatabase('previous_release');
    // the previous release migrates the empty database to its own schema and seeds the demo company
    const oldHub = await startHub(databaseUrl, release!.root);
    const old = await walkOf(oldHub, databaseUrl);
    const applied = async () => (await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n;
    expect(await applied()).toBe(release!.migrations.length);

    const before = await walk(old);
    expect(before.admin.length).toBeGreaterThan(50);
    expect(serverErrors(before), `the previous release fails on its own schema:\n${hubErrors(oldHub)}`).toEqual([]);

    // the first hub of this release migrates (start-up lock, as in production) while the old one is busy
    const migrationStarted = Date.now();
    const starting = startHub(databaseUrl);
    const duringMigration = await underLoad(old, starting);
    const newHub = await starting;
    const migrationMs = Date.now() - migrationStarted;
    expect(await applied()).toBe(release!.migrations.length + release!.newMigrations.length);
    expect(duringMigration.failures, hubErrors(oldHub)).toEqual([]);

    // still healthy (and ready, in releases that have readiness): the database has every migration it knows, and more
    expect((await call(oldHub.url, 'GET', '/api/health')).status).toBe(200);
    if (old.doc.paths['/api/health/ready']) expect((await call(oldHub.url, 'GET', '/api/health/ready')).status).toBe(200);

    const after = await walk(old);
    expect(serverErrors(after), hubErrors(oldHub)).toEqual([]);
    expect(statuses(after.admin)).toEqual(statuses(before.admin));
    expect(statuses(after.member)).toEqual(statuses(before.member));

    // writes: the previous release's rows read by this one, and the other way round
    const member = { old: old.tokens.member, new: (await signIn(newHub.url, 'member')).token };
    const choices = objectiveChoicesResponseSchema.parse(camelize((await call(oldHub.url, 'GET', '/api/objective/choices', { token: member.old })).body)).data;
    const form = {
      team_id: choices.teams[0].id, owner_id: old.ids.users.member, description: 'written across a rolling upgrade', category: 'Technology',
      subcategory: 'Development', priority: 'medium', deadline: '2030-03-31',
    };
    const createdOld = await call(oldHub.url, 'POST', '/api/objective', { token: member.old, body: { ...form, title: 'by the previous release' } });
    expect(createdOld.status).toBe(200);
    const oldObjective = objectiveResponseSchema.parse(camelize(createdOld.body)).data.id;
    const keyResult = await call(oldHub.url, 'POST', `/api/objective/${oldObjective}`, {
      token: member.old, body: { title: 'old key result', description: 'measured', priority: 'medium', deadline: '2030-03-15' },
    });
    expect(keyResult.status).toBe(200);
    const seenByNew = await call(newHub.url, 'GET', `/api/objective/${oldObjective}`, { token: member.new });
    expect(seenByNew.status).toBe(200);
    const detail = objectiveResponseSchema.parse(camelize(seenByNew.body)).data;
    expect(detail.title).toBe('by the previous release');
    expect(detail.keyResults.map((kr) => kr.title)).toEqual(['old key result']);

    const createdNew = await call(newHub.url, 'POST', '/api/objective', { token: member.new, body: { ...form, title: 'by the new release' } });
    expect(createdNew.status).toBe(200);
    const newObjective = objectiveResponseSchema.parse(camelize(createdNew.body)).data.id;
    const seenByOld = await call(oldHub.url, 'GET', `/api/objective/${newObjective}`, { token: member.old });
    expect(seenByOld.status).toBe(200);
    expect(objectiveResponseSchema.parse(camelize(seenByOld.body)).data.title).toBe('by the new release');

    expect((await call(oldHub.url, 'PUT', '/api/preferences', { token: member.old, body: { theme: 'dark' } })).status).toBe(200);
    expect(preferencesResponseSchema.parse((await call(newHub.url, 'GET', '/api/preferences', { token: member.new })).body).data.theme).toBe('dark');

    const link = await call(oldHub.url, 'POST', '/api/link', {
      token: old.tokens.admin, body: { name: 'Upgrade notes', category: 'Internal', url: 'https://intranet.example/upgrade', description: 'Written by the previous release' },
    });
    expect(link.status).toBe(200);
    const linkId = linkSavedResponseSchema.parse(camelize(link.body)).data.link.id;
    const newAdmin = (await signIn(newHub.url, 'admin')).token;
    const links = linkListResponseSchema.parse(camelize((await call(newHub.url, 'GET', '/api/link', { token: newAdmin })).body)).data.links;
    expect(links.map((l) => l.id)).toContain(linkId);

    // a hub of the previous release that restarts mid-upgrade finds nothing to apply and serves
    const restarted = await startHub(databaseUrl, release!.root);
    expect(await applied()).toBe(release!.migrations.length + release!.newMigrations.length);
    expect((await call(restarted.url, 'GET', '/api/health')).status).toBe(200);
    const again = await call(restarted.url, 'GET', `/api/objective/${oldObjective}`, { token: member.old });
    expect(objectiveResponseSchema.parse(camelize(again.body)).data.keyResults.map((kr) => kr.title)).toEqual(['old key result']);

    console.log(
      `rolling upgrade: previous release ${release!.commit.slice(0, 10)} (${release!.migrations.length} migrations) under ${release!.newMigrations.join(', ')}; ` +
        `${before.admin.length} GET operations as admin (${ok(after.admin)} 2xx) and member (${ok(after.member)} 2xx), before and after; ` +
        `this release's hub started and migrated in ${migrationMs} ms while the old hub answered ${duringMigration.calls} requests`,
    );
  });

  it("this release's hub serves every GET of its document as before while the next release expands every table", { timeout: 300_000 }, async () => {
    const databaseUrl = await freshDatabase('next_release');
    const hub = await startHub(databaseUrl);
    const current = await walkOf(hub, databaseUrl);
    // before: the hub's connections hold its statements prepared, as a hub that has served a while does
    const before = await walk(current);
    expect(serverErrors(before), hubErrors(hub)).toEqual([]);

    const expanding = expandLikeTheNextRelease(databaseUrl);
    const during = await underLoad(current, expanding);
    const tables = await expanding;
    expect(during.failures, hubErrors(hub)).toEqual([]);

    const after = await walk(current);
    expect(serverErrors(after), hubErrors(hub)).toEqual([]);
    expect(statuses(after.admin)).toEqual(statuses(before.admin));
    expect(statuses(after.member)).toEqual(statuses(before.member));
    // a write through the widened tables still stores what it sends
    const saved = await call(hub.url, 'PUT', '/api/preferences', { token: current.tokens.member, body: { theme: 'light' } });
    expect(preferencesResponseSchema.parse(saved.body).data.theme).toBe('light');
    console.log(`next release's expand: ${tables} tables widened under this release's hub; ${before.admin.length} GET operations as admin and member, before and after, ${during.calls} requests during`);
  });
});
