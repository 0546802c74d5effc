import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { evaluations, objectives } from '../../server/db/schema';
import { idempotencyKeys } from '../../server/db/schema-idempotency';
import { IDEMPOTENT_ROUTES, requestFingerprint } from '../../server/plugins/idempotency';
import { IDEMPOTENCY_LEASE_MS, purgeExpiredKeys } from '../../server/plugins/idempotency-keys';
import { snakify } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import type { CreateEvaluationBody } from '../../shared/api/evaluations';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_REPLAYED_HEADER, IDEMPOTENCY_WINDOW_MS, newIdempotencyKey } from '../../shared/api/idempotency';
import { objectiveFormSchema, type ObjectiveForm } from '../../shared/api/objectives';
import { addYears, isoDay } from '../../shared/rules/dates';
import { createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { buildWorld, type ObjectiveWorld, type Who } from './objectives-fixture';

// docs/api.md 'Idempotency keys': a creating POST sent twice with one Idempotency-Key creates one
// row, whether the second comes later or at the same moment, through this hub or another; the
// second answer is the first. Run on PGlite ('api') and on PostgreSQL ('api-pg'), where the
// requests at once are truly concurrent.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const onPostgres = !!inject('databaseUrl');
let serial = 0;

/** A new objective's form for `who`, of the hub's own type, with a title no other test uses. */
function objectiveForm(who: Who, patch: Partial<ObjectiveForm> = {}): ObjectiveForm {
  serial += 1;
  return {
    title: `Keyed objective ${serial} ${Date.now()}`, teamId: w.alpha, ownerId: w.ids[who], description: 'Once only', category: 'Technology',
    subcategory: 'Development', priority: 'medium', deadline: addYears(isoDay(), 1), isPublic: false, ...patch,
  };
}
const postObjective = (who: Who, form: ObjectiveForm, key?: string) =>
  w.hub.post('/api/objective', snakify(form), { token: w.tokens[who], headers: key === undefined ? {} : { 'idempotency-key': key } });
const objectivesTitled = async (title: string) => Number((await w.hub.db.select({ n: sql<number>`count(*)::int` }).from(objectives).where(eq(objectives.title, title)))[0].n);
const keyRow = async (who: Who, key: string) => (await w.hub.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, w.ids[who]), eq(idempotencyKeys.key, key))))[0];

// Every POST is a creating one (server/plugins/idempotency.ts IDEMPOTENT_ROUTES) or named here with
// why it takes no key, so a new creating POST cannot go without one.
const NOT_CREATING: Record<string, string> = {
  'POST /api/auth/login': 'signs in (public)',
  'POST /api/auth/logout': 'ends the session; twice is the same',
  'POST /api/admin/email/test': 'a test message to oneself: a second is another test, and harms nothing',
  'POST /api/admin/email/outbox/:id/resend': 'queues a failed message again; a second finds it no longer failed (404)',
  'POST /api/auth/confirm-info': 'confirms once; a second is a 409',
  'POST /api/auth/password': 'changes the password; a second with the old one fails',
  'POST /api/auth/oidc/start': 'starts a sign-in (public)',
  'POST /api/auth/oidc/complete': 'signs in (public)',
  'POST /api/auth/ldap': 'signs in (public)',
  'POST /api/admin/users/:id/password-reset': 'draws a one-time password, which must never be stored to be answered again',
  'POST /api/me/tokens': 'makes an API token, which must never be stored to be answered again',
  'POST /api/admin/webhooks': "makes an endpoint and answers its signing secret, which must never be stored to be answered again",
  'POST /api/admin/webhooks/:id/rotate-secret': 'draws a new signing secret, which must never be stored to be answered again',
  'POST /api/admin/webhooks/:id/test': 'a test event: a second is another test, and harms nothing',
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': 'sends a delivery again under its webhook-id, by which a receiver knows a repeat',
  'POST /api/approval': 'approves; a second finds nothing waiting',
  'POST /api/objective/:id/approval': 'decides; a second finds nothing waiting',
  'POST /api/notifications/read-all': 'marks read; twice is the same',
  'POST /api/notifications/:id/read': 'marks read; twice is the same',
  'POST /api/user/teams': 'sets the teams; twice is the same',
  'POST /api/user/plans': 'reads plans (a POST for its body)',
  'POST /api/user/upload-file': 'replaces the VPN file (multipart)',
  'POST /api/desktop/releases': 'publishes a release (multipart, large); its files decide',
  'POST /api/imports/holidays': 'an import run, which replaces what it imports',
  'POST /api/imports/days-left': 'an import run, which replaces what it imports',
  'POST /api/admin/retention/runs': 'a retention run; a second removes nothing more',
};

describe('Idempotency-Key on a creating POST', () => {
  it('every POST route takes a key, or is named as creating nothing', async () => {
    // the hub's own document lists every route it serves (health-docs.test.ts holds it to the table)
    const doc = (await w.hub.get('/api/docs')).body as { paths: Record<string, Record<string, unknown>> };
    const posts = Object.entries(doc.paths).filter(([, item]) => 'post' in item).map(([template]) => `POST ${template.replace(/\{(\w+)\}/g, ':$1')}`);
    const unclassified = posts.filter((route) => !IDEMPOTENT_ROUTES.has(route) && !(route in NOT_CREATING));
    expect(unclassified, 'classify new POST routes in IDEMPOTENT_ROUTES or NOT_CREATING').toEqual([]);
    expect([...IDEMPOTENT_ROUTES, ...Object.keys(NOT_CREATING)].filter((route) => !posts.includes(route))).toEqual([]);
  });

  it('the same key twice creates one objective; the second answer is the first, marked replayed', async () => {
    const form = objectiveForm('member');
    const key = newIdempotencyKey();
    const first = await postObjective('member', form, key);
    expect(first.status).toBe(200);
    expect(first.headers.get(IDEMPOTENCY_REPLAYED_HEADER)).toBeNull();
    const again = await postObjective('member', form, key);
    expect(again.status).toBe(200);
    expect(again.headers.get(IDEMPOTENCY_REPLAYED_HEADER)).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await objectivesTitled(form.title)).toBe(1);
    expect((await keyRow('member', key))?.statusCode).toBe(200);
  });

  it('without a key, the same POST twice is two objectives, as before', async () => {
    const form = objectiveForm('member');
    expect((await postObjective('member', form)).status).toBe(200);
    expect((await postObjective('member', form)).status).toBe(200);
    expect(await objectivesTitled(form.title)).toBe(2);
  });

  it('the same key with another body, or on another route, is a 422 with the message and creates nothing', async () => {
    const form = objectiveForm('member');
    const key = newIdempotencyKey();
    expect((await postObjective('member', form, key)).status).toBe(200);
    const changed = await postObjective('member', { ...form, title: `${form.title} (changed)` }, key);
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ errors: [{ message: IDEMPOTENCY_MESSAGES.reused }] });
    expect(await objectivesTitled(`${form.title} (changed)`)).toBe(0);
    const elsewhere = await w.hub.post('/api/skill', { name: [`Keyed skill ${serial}`] }, { token: w.tokens.member, headers: { 'idempotency-key': key } });
    expect(elsewhere.status).toBe(422);
  });

  it("keys are each person's own: another person's same key is a key of theirs", async () => {
    const key = newIdempotencyKey();
    const mine = objectiveForm('member');
    const theirs = objectiveForm('mate');
    expect((await postObjective('member', mine, key)).status).toBe(200);
    const other = await postObjective('mate', theirs, key);
    expect(other.status).toBe(200);
    expect(other.headers.get(IDEMPOTENCY_REPLAYED_HEADER)).toBeNull();
    expect(await objectivesTitled(theirs.title)).toBe(1);
  });

  it('a refused request keeps nothing: the key is free for the corrected request', async () => {
    const key = newIdempotencyKey();
    // a member may assign only to themselves (spec §6): 403, nothing created, the key released
    const refused = await postObjective('member', objectiveForm('member', { ownerId: w.ids.mate }), key);
    expect(refused.status).toBe(403);
    expect(await keyRow('member', key)).toBeUndefined();
    const form = objectiveForm('member');
    expect((await postObjective('member', form, key)).status).toBe(200);
    expect(await objectivesTitled(form.title)).toBe(1);
  });

  it('a malformed key is a 400 with the message; a quoted one (a structured-field string) is the key inside', async () => {
    for (const key of ['', 'with space', 'x'.repeat(256)]) {
      const res = await postObjective('member', objectiveForm('member'), key);
      expect({ key, status: res.status, body: res.body }).toEqual({ key, status: 400, body: { errors: [{ message: IDEMPOTENCY_MESSAGES.malformed }] } });
    }
    const bare = newIdempotencyKey();
    const form = objectiveForm('member');
    expect((await postObjective('member', form, `"${bare}"`)).status).toBe(200);
    expect((await postObjective('member', form, bare)).headers.get(IDEMPOTENCY_REPLAYED_HEADER)).toBe('true');
  });

  it('is ignored on a route that creates nothing', async () => {
    const key = newIdempotencyKey();
    const res = await w.hub.post('/api/notifications/read-all', {}, { token: w.tokens.member, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(200);
    expect(await keyRow('member', key)).toBeUndefined();
  });
});

describe('an Idempotency-Key lasts 24 hours', () => {
  it('a key older than 24 hours is a new key: the POST creates again', async () => {
    const form = objectiveForm('member');
    const key = newIdempotencyKey();
    expect((await postObjective('member', form, key)).status).toBe(200);
    await w.hub.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000) }).where(eq(idempotencyKeys.key, key));
    const again = await postObjective('member', form, key);
    expect(again.status).toBe(200);
    expect(again.headers.get(IDEMPOTENCY_REPLAYED_HEADER)).toBeNull();
    expect(await objectivesTitled(form.title)).toBe(2);
  });

  it('the hourly purge deletes the keys past 24 hours and keeps the others', async () => {
    const [old, recent] = [newIdempotencyKey(), newIdempotencyKey()];
    for (const key of [old, recent]) expect((await postObjective('member', objectiveForm('member'), key)).status).toBe(200);
    await w.hub.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000) }).where(eq(idempotencyKeys.key, old));
    expect(await purgeExpiredKeys(w.hub.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow('member', old)).toBeUndefined();
    expect(await keyRow('member', recent)).toBeDefined();
  });
});

describe('a request with the key of one still in flight', () => {
  /** The row a request being answered holds: its fingerprint as the hub computes it from the parsed form. */
  async function inFlight(who: Who, key: string, form: ObjectiveForm, leaseExpiresAt: Date) {
    const fingerprint = requestFingerprint('POST /api/objective', {}, objectiveFormSchema.parse(form));
    await w.hub.db.insert(idempotencyKeys).values({ userId: w.ids[who], key, route: 'POST /api/objective', fingerprint, leaseExpiresAt });
  }

  it('takes the key over once the lease of the first has lapsed (its hub died before answering)', async () => {
    const form = objectiveForm('member');
    const key = newIdempotencyKey();
    await inFlight('member', key, form, new Date(Date.now() - 1000));
    const res = await postObjective('member', form, key);
    expect(res.status).toBe(200);
    expect(await objectivesTitled(form.title)).toBe(1);
  });

  it('waits for the first, then answers 409 with Retry-After when it never finishes; a different body is a 422 at once', { timeout: 30_000 }, async () => {
    const form = objectiveForm('member');
    const key = newIdempotencyKey();
    await inFlight('member', key, form, new Date(Date.now() + IDEMPOTENCY_LEASE_MS));
    const other = await postObjective('member', { ...form, title: 'Another' }, key);
    expect(other.status).toBe(422);
    const res = await postObjective('member', form, key);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [{ message: IDEMPOTENCY_MESSAGES.inFlight }] });
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await objectivesTitled(form.title)).toBe(0);
  });
});

describe('the same POST several times at once', () => {
  it('an evaluation sent 6 times at once with one key is one evaluation, and every answer is the same', async () => {
    const body: CreateEvaluationBody = {
      userId: w.ids.mate, technicalExpertise: '4', teamwork: '5', flexibility: '3', resultsFocus: '4', languages: '2', continualLearning: '3',
      safetyFocus: '4', communication: '5', initiative: '1', openDiscussion: '3', targets: `Keyed targets ${Date.now()}`,
    };
    const key = newIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => w.hub.post('/api/employee-details', snakify(body), { token: w.tokens.lead, headers: { 'idempotency-key': key } })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get(IDEMPOTENCY_REPLAYED_HEADER) === 'true')).toHaveLength(5);
    const rows = await w.hub.db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.targets, body.targets));
    expect(rows).toHaveLength(1);
  });

  it('an objective sent 8 times at once with one key is one objective', async () => {
    const form = objectiveForm('member');
    const key = newIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => postObjective('member', form, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await objectivesTitled(form.title)).toBe(1);
    for (const answer of answers) expect(errorBodySchema.safeParse(answer.body).success).toBe(false);
  });
});

// design §1 scale-out: the key is in the database, so two hubs on one PostgreSQL share it.
if (onPostgres) {
  describe('two hubs on one PostgreSQL', () => {
    let databases: Database[] = [];
    let apps: FastifyInstance[] = [];
    let urls: string[] = [];
    let name = '';

    beforeAll(async () => {
      const server = inject('databaseUrl') as string;
      name = `hub_keys_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(server);
      url.pathname = `/${name}`;
      databases = [await openDatabase({ databaseUrl: url.toString() }), await openDatabase({ databaseUrl: url.toString() })];
      await databases[0].migrate();
      apps = await Promise.all(databases.map((database) => buildApp({ database, logger: false })));
      urls = await Promise.all(apps.map(async (app) => (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '')));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      const admin = new pg.Client({ connectionString: inject('databaseUrl') as string });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('10 sends of one objective at once, alternating between the hubs, make one objective', async () => {
      const db = databases[0].db;
      const team = await createTeam(db);
      const person = await createUser(db, { teamIds: [team.id] });
      const login = await fetch(`${urls[0]}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: person.username, password: TEST_PASSWORD }) });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const form: ObjectiveForm = { title: `Across hubs ${Date.now()}`, teamId: team.id, ownerId: person.id, description: 'Once', category: 'Technology', subcategory: 'Development', priority: 'high', isPublic: false };
      const key = newIdempotencyKey();
      const answers = await Promise.all(Array.from({ length: 10 }, async (_, i) => {
        const res = await fetch(`${urls[i % 2]}/api/objective`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key }, body: JSON.stringify(snakify(form)),
        });
        return { status: res.status, body: (await res.json()) as { data: { id: number } } };
      }));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(objectives).where(eq(objectives.title, form.title));
      expect(row.n).toBe(1);
    });
  });
}
