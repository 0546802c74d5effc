import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRuns, jobs, links, roles, teams, users } from '../../server/db/schema';
import { errorBodySchema } from '../../shared/api/common';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { TEXT_MESSAGES } from '../../shared/rules/text-input';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type HubResponse, type TestHub, type WireBody } from '../support/hub';

// A NUL (U+0000) or a lone surrogate anywhere in a request was a 500 (PostgreSQL refuses
// the byte). One check at the edge refuses it with a 400 naming the field, on every route; what
// people write (accents, emoji, tabs and line breaks in descriptions) passes.
let hub: TestHub;
let admin: { id: number; name: string };
let member: { id: number; name: string };
let team: { id: number };
let jobId: number;
const tokens: Record<'admin' | 'member', string> = {} as never;

beforeAll(async () => {
  hub = await startTestHub();
  team = await createTeam(hub.db);
  const adminRole = await createRole(hub.db, { capabilities: [...ALL_CAPABILITIES] });
  admin = await createUser(hub.db, { name: 'Ada Admin', roleId: adminRole.id, isOwner: true, teamIds: [team.id], firstLogin: false });
  member = await createUser(hub.db, { name: 'Mara Member', teamIds: [team.id], firstLogin: false });
  [{ id: jobId }] = await hub.db.insert(jobs).values({ name: `Edge job ${Date.now()}` }).returning();
  for (const [who, user] of Object.entries({ admin, member })) {
    const username = (await hub.db.select({ u: users.username }).from(users).where(sql`id = ${user.id}`))[0].u;
    tokens[who as keyof typeof tokens] = (await hub.login(username, TEST_PASSWORD)).token;
  }
});
afterAll(() => hub?.close());

const NUL = '\u0000';
const LONE = '\ud800';

/** 400 in the documented error shape, naming `field` with the text rule's message. */
function expectRefused(res: HubResponse<WireBody>, field: string | undefined, message: string = TEXT_MESSAGES.control) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const body = errorBodySchema.parse(res.body);
  expect(body.errors).toContainEqual(field === undefined ? { message } : { message, field });
}

const count = async (table: typeof teams | typeof jobs | typeof roles | typeof links | typeof importRuns, where = sql`true`) =>
  Number((await hub.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0].n);

describe('query strings', () => {
  it('the directory and admin searches refuse a NUL after an emoji and accept the emoji', async () => {
    expectRefused(await hub.get('/api/user?search=%F0%9F%98%80%00', { token: tokens.member }), 'search');
    expectRefused(await hub.get('/api/admin/users?search=ana%00', { token: tokens.admin }), 'search');
    expect((await hub.get('/api/user?search=%F0%9F%98%80', { token: tokens.member })).status).toBe(200);
    expect((await hub.get(`/api/admin/users?search=${encodeURIComponent('Zoë Ștefan')}`, { token: tokens.admin })).status).toBe(200);
  });

  it.each(['team', 'job', 'role'])('GET /%s/name-taken refuses a NUL and a control character and checks a name with accents', async (kind) => {
    expectRefused(await hub.get(`/api/${kind}/name-taken?name=%00`, { token: tokens.admin }), 'name');
    expectRefused(await hub.get(`/api/${kind}/name-taken?name=a%1Bb`, { token: tokens.admin }), 'name');
    const res = await hub.get(`/api/${kind}/name-taken?name=${encodeURIComponent('Échipa 😀')}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ taken: false });
  });

  it('a repeated parameter is checked in every value; a bad percent-escape arrives as the text it is', async () => {
    expectRefused(await hub.get('/api/user?projects=ok&projects=b%00d', { token: tokens.member }), 'projects.1');
    expect((await hub.get('/api/user?search=%ED%A0%80', { token: tokens.member })).status).toBe(200);
  });

  it('a NUL in a parameter name is refused too', async () => {
    expectRefused(await hub.get('/api/user?se%00arch=x', { token: tokens.member }), undefined, TEXT_MESSAGES.fieldName);
  });
});

describe('path parameters', () => {
  it('a NUL in a path parameter is a 400 naming it, numeric or text', async () => {
    expectRefused(await hub.get('/api/user/%00', { token: tokens.member }), 'id');
    expectRefused(await hub.get('/api/user/exists/ana%00pop', { token: tokens.member }), 'name');
    expectRefused(await hub.request('DELETE', '/api/user/delete-file/a%00b.ovpn', { token: tokens.admin }), 'file');
  });

  it('a path that is not UTF-8 (an encoded lone surrogate) is a 400 in the same shape', async () => {
    const res = await hub.get('/api/user/%ED%A0%80', { token: tokens.member });
    expect(res.status).toBe(400);
    expect(errorBodySchema.safeParse(res.body).success).toBe(true);
  });
});

describe('JSON bodies', () => {
  it('a member’s own name or phone with a NUL or a lone surrogate is refused and nothing changes', async () => {
    const body = { name: 'Mara Member', email: `${member.id}@x.test`, phone: '+40 700 000 000', team_ids: [team.id], job_id: jobId };
    const [before] = await hub.db.select().from(users).where(sql`id = ${member.id}`);
    expectRefused(await hub.request('PUT', `/api/user/${member.id}`, { token: tokens.member, body: { ...body, name: `Mara${NUL}` } }), 'name');
    expectRefused(await hub.request('PUT', `/api/user/${member.id}`, { token: tokens.member, body: { ...body, phone: `+40${LONE}` } }), 'phone', TEXT_MESSAGES.surrogate);
    const [after] = await hub.db.select().from(users).where(sql`id = ${member.id}`);
    expect(after).toEqual(before);
  });

  it('a new member with a NUL in the name is refused naming it; with accents and an emoji the member is added', async () => {
    const body = { email: `edge.${Date.now()}@bitstone.test`, phone: '+40 711 111 111', team_ids: [team.id], job_id: jobId, join_date: '2024-01-15' };
    expectRefused(await hub.post('/api/user', { ...body, name: `Ana${NUL}Pop` }, { token: tokens.admin }), 'name');
    const added = await hub.post('/api/user', { ...body, name: 'Ána Pöp 😀' }, { token: tokens.admin });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });

  it.each([
    ['team', { technology: 'TS' }],
    ['job', {}],
    ['role', { capabilities: [] }],
    ['link', { category: 'Docs', url: 'https://example.com', description: 'd' }],
  ] as const)('POST /%s refuses a name with a NUL or a lone surrogate, stores nothing, and takes one with accents and an emoji', async (kind, rest) => {
    const table = { team: teams, job: jobs, role: roles, link: links }[kind];
    const before = await count(table);
    expectRefused(await hub.post(`/api/${kind}`, { ...rest, name: `Edge${NUL}` }, { token: tokens.admin }), 'name');
    expectRefused(await hub.post(`/api/${kind}`, { ...rest, name: `Edge${LONE}` }, { token: tokens.admin }), 'name', TEXT_MESSAGES.surrogate);
    expect(await count(table)).toBe(before);
    const ok = await hub.post(`/api/${kind}`, { ...rest, name: `Échipă ${kind} 😀` }, { token: tokens.admin });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await count(table)).toBe(before + 1);
  });

  it('a description keeps its tabs and line breaks; a control character in it is refused with its line', async () => {
    const body = { name: `Notes ${Date.now()}`, category: 'Docs', url: 'https://example.com/notes' };
    const ok = await hub.post('/api/link', { ...body, description: 'First line\n\tindented — café 😀\r\nthird' }, { token: tokens.admin });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.link.description).toBe('First line\n\tindented — café 😀\r\nthird');
    const bad = await hub.post('/api/link', { ...body, name: `${body.name} 2`, description: 'one\ntwo\nthr\u000bee' }, { token: tokens.admin });
    expectRefused(bad, 'description', 'Must not contain control characters such as NUL (line 3).');
  });

  it('a NUL in a field name, or nested in a list, is refused', async () => {
    expectRefused(await hub.post('/api/team', { name: 'x', [`tech${NUL}`]: 'y' }, { token: tokens.admin }), undefined, TEXT_MESSAGES.fieldName);
    expectRefused(await hub.post('/api/role', { name: 'Nested', capabilities: ['VIEW_ADMIN', `X${NUL}`] }, { token: tokens.admin }), 'capabilities.1');
  });

  it('sign-in (a public route) refuses a NUL in the username instead of asking the database', async () => {
    expectRefused(await hub.post('/api/auth/login', { username: `admin${NUL}`, password: 'x' }), 'username');
  });
});

describe('uploads', () => {
  it('a VPN file whose name holds a NUL is refused naming the file', async () => {
    const boundary = 'edge-boundary';
    const raw = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''ada.admin%00x.ovpn`,
      'Content-Type: application/octet-stream',
      '',
      'client',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await hub.request('POST', '/api/user/upload-file', { token: tokens.admin, raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorBodySchema.parse(res.body).errors[0].field).toBe('file');
  });

  it('a CSV import with a NUL is refused with its line, as JSON or as text/csv, and leaves no run behind', async () => {
    const runs = await count(importRuns);
    const csv = `email,days_left\nok@bitstone.test,3\nbad${NUL}@bitstone.test,4`;
    expectRefused(await hub.post('/api/imports/days-left', { csv }, { token: tokens.admin }), 'csv', 'Must not contain control characters such as NUL (line 3).');
    expectRefused(
      await hub.request('POST', '/api/imports/days-left', { token: tokens.admin, raw: csv, headers: { 'content-type': 'text/csv' } }),
      'csv', 'Must not contain control characters such as NUL (line 3).',
    );
    expect(await count(importRuns)).toBe(runs);
    const holidays = `external_id,title,start,end,type,team_ids\nedge-1,"Zoë Ștefan\t😀 - Vacation Day",2026-07-06,2026-07-10,De odihna,${team.id}`;
    const ok = await hub.post('/api/imports/holidays', { csv: holidays }, { token: tokens.admin });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.run).toMatchObject({ status: 'succeeded', rows: 1 });
  });
});

describe('exports', () => {
  it('the users export checks its filters before the file starts: a NUL is a JSON 400, not a cut download', async () => {
    const res = await hub.get('/api/exports/users.xlsx?search=%F0%9F%98%80%00', { token: tokens.admin });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expectRefused(res, 'search');
    const ok = await hub.get(`/api/exports/users.xlsx?search=${encodeURIComponent('Mara')}`, { token: tokens.admin });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/spreadsheetml/);
  });

  it('the plans export refuses a NUL in its team filter as JSON', async () => {
    const res = await hub.get('/api/exports/plans.xlsx?team=1%00', { token: tokens.admin });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expectRefused(res, 'team');
  });
});
