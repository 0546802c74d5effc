import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema';
import { REQUEST_ID_HEADER } from '../../server/plugins/request-log';
import { SESSION_COOKIE } from '../../shared/api/common';
import { MEMBER_CONFLICT } from '../../shared/api/people';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type RequestOptions, type TestHub } from '../support/hub';

// SECURITY.md, 'Logging': passwords, tokens and cookies never reach the hub's log, and
// neither does any value a request carried (query, path, body, headers), at any level, on
// success or failure, a 500 included. Every line is kept here, from trace level up.
const lines: string[] = [];
let hub: TestHub;
let admin: { token: string; id: number };
let member: { token: string; id: number };
let team: { id: number };
let job: { id: number };

/** A value nobody else writes: if it is anywhere in the log, a request value got there. */
const marker = () => `mk${randomBytes(6).toString('hex')}`;
const logged = () => lines.join('');
/** The value is in no line, as text or as the bytes of a logged Buffer (`"data":[109,107,…]`). */
const expectNowhereInLog = (value: string) => {
  const log = logged();
  expect(log).not.toContain(value);
  expect(log).not.toContain([...Buffer.from(value)].join(','));
};
const parsedLines = () => lines.map((line) => JSON.parse(line) as LogLine);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; route?: string; url?: string };
  res?: { statusCode: number };
  err?: { type: string; code?: string; stack?: string; cause?: { type: string; code?: string; stack?: string } };
  responseTime?: number;
}

beforeAll(async () => {
  hub = await startTestHub({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
  const db = hub.db;
  const adminRole = await createRole(db, { name: 'Admin', capabilities: ['VIEW_ADMIN', 'EDIT_ALL_FIELDS', 'ADD_USERS', 'REMOVE_USERS', 'VIEW_ARCHIVED_USERS', 'EXPORT_USERS'] });
  team = await createTeam(db);
  [job] = await db.insert(jobs).values({ name: 'Engineer' }).returning();
  const adminUser = await createUser(db, { username: 'logged.admin', roleId: adminRole.id, teamIds: [team.id] });
  const memberUser = await createUser(db, { username: 'logged.member', teamIds: [team.id] });
  admin = { token: (await hub.login(adminUser.username, TEST_PASSWORD)).token, id: adminUser.id };
  member = { token: (await hub.login(memberUser.username, TEST_PASSWORD)).token, id: memberUser.id };
});
afterAll(() => hub?.close());

/** Every header a person or a client could put a value in, carrying the marker. */
const markedHeaders = (value: string) => ({ 'user-agent': value, referer: `https://${value}.example/`, 'accept-version': value, 'x-request-note': value, 'x-forwarded-for': `10.0.0.1, ${value}` });

describe('the request log', () => {
  it('records each request but never the password, the bearer token or the session cookie', async () => {
    const user = await createUser(hub.db, { username: 'logged.user' });
    const wrong = await hub.post('/api/auth/login', { username: user.username, password: 'a-wrong-secret-password' });
    expect(wrong.status).toBe(401);
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    const me = await hub.get('/api/auth/me', { token, cookie: `${SESSION_COOKIE}=${token}` });
    expect(me.status).toBe(200);
    await settle();
    const log = logged();
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('/api/auth/me');
    for (const secret of [token, TEST_PASSWORD, 'a-wrong-secret-password']) expect(log).not.toContain(secret);
  });

  it('writes one line per request at info, when it is answered: method, route, status and time taken', async () => {
    await settle();
    lines.length = 0;
    const res = await hub.get(`/api/user/${member.id}?probe=1`, { token: admin.token });
    expect(res.status).toBe(200);
    await settle();
    const parsed = parsedLines();
    const completed = parsed.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    // the route pattern, not the path: never the id, the query or anything else the request held
    expect(completed[0]).toMatchObject({ level: 30, req: { method: 'GET', route: '/api/user/:id' }, res: { statusCode: 200 } });
    expect(completed[0].req?.url).toBeUndefined();
    // the answer names its lines: how a reported failure is found without the log holding the request
    expect(completed[0].reqId).toEqual(expect.any(String));
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe(completed[0].reqId);
    expect(completed[0].responseTime).toBeGreaterThan(0);
    // the arrival is a debug line, with the same fields
    expect(parsed.filter((l) => l.msg === 'incoming request').map((l) => l.req)).toEqual([{ method: 'GET', route: '/api/user/:id' }]);
    expect(logged()).not.toContain('probe');
  });
});

describe('no request value reaches the log', () => {
  it('a marker in every query, path, body and header of answered and refused requests is nowhere in the log', async () => {
    const value = marker();
    const headers = markedHeaders(value);
    const as = (token: string): RequestOptions => ({ token, headers });
    const newMember = (email: string) => ({ name: `Name ${value}`, email, phone: `+40 ${value}`, username: `u${value}`, team_ids: [team.id], job_id: job.id, join_date: '2024-05-01' });
    const calls: Array<[string, string, RequestOptions, number]> = [
      // answered
      ['GET', `/api/user?search=${value}`, as(admin.token), 200],
      ['GET', `/api/admin/users?search=${value}&page=1`, as(admin.token), 200],
      ['GET', `/api/team/name-taken?name=${value}`, as(admin.token), 200],
      ['GET', `/api/user/exists/${value}`, as(admin.token), 404],
      ['POST', '/api/user', { ...as(admin.token), body: newMember(`${value}@bitstone.test`) }, 200],
      ['PUT', `/api/user/${member.id}`, { ...as(member.token), body: { name: `Renamed ${value}`, email: 'logged.member@bitstone.test', phone: value, team_ids: [team.id], job_id: job.id } }, 403],
      // refused: 400, 401, 403, 404, and a duplicate
      ['POST', '/api/user', { ...as(admin.token), body: newMember(`${value}@bitstone.test`) }, 400],
      ['POST', '/api/user', { ...as(admin.token), body: { ...newMember(value), email: value } }, 400],
      ['POST', '/api/user', { ...as(admin.token), raw: `{"name": "${value}",` }, 400],
      ['POST', '/api/imports/holidays', { ...as(admin.token), body: { csv: `external_id,title,start,end,type,team_ids\n${value},${value},${value},x,y,z\n` } }, 400],
      ['GET', `/api/user/${value}`, as(admin.token), 400],
      ['POST', '/api/auth/login', { headers, body: { username: value, password: value } }, 401],
      ['GET', `/api/auth/me?${value}=${value}`, { headers: { ...headers, authorization: `Bearer ${value}`, cookie: `${SESSION_COOKIE}=${value}; other=${value}` } }, 401],
      ['GET', `/api/admin/users?search=${value}`, as(member.token), 403],
      ['GET', `/api/user/download-ovpn/${value}`, as(admin.token), 404],
      ['DELETE', `/api/${value}/${value}?q=${value}`, as(admin.token), 404],
      // outside /api (no web build here): Fastify's own 404 handler
      ['GET', `/${value}?q=${value}`, { headers }, 404],
      // a path Fastify cannot decode: refused before any route (frameworkErrors)
      ['GET', `/api/user/${value}%E0%A4%A`, as(admin.token), 400],
    ];
    for (const [method, path, options, status] of calls) {
      const res = await hub.request(method, path, options);
      expect({ call: `${method} ${path}`, status: res.status }).toEqual({ call: `${method} ${path}`, status });
    }
    const created = await hub.get(`/api/admin/users?search=${value}`, { token: admin.token });
    expect(created.body.data.items).toHaveLength(1);
    const duplicate = await hub.post('/api/user', newMember(`${value}@bitstone.test`), { token: admin.token });
    expect(duplicate.body.errors).toEqual([{ field: 'email', message: MEMBER_CONFLICT.email }]);

    await settle();
    expectNowhereInLog(value);
    // ...while every request still has its line: method, route pattern when one answered, status
    const completed = parsedLines().filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => l.req?.route)).toEqual(expect.arrayContaining(['/api/user', '/api/admin/users', '/api/team/name-taken', '/api/user/exists/:name', '/api/user/:id', '/api/auth/login']));
  });

  it('bytes that are not HTTP (logged by Node at trace level with the raw packet) leave no value in the log', async () => {
    const value = marker();
    const port = new URL(hub.url).port;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`${value} /${value} NOTHTTP\r\nX-Note: ${value}\r\n\r\n`));
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.resume();
    });
    await settle();
    const clientError = parsedLines().find((l) => l.msg === 'client error');
    expect(clientError?.err).toMatchObject({ type: 'Error', code: expect.stringMatching(/^HPE_/) });
    expectNowhereInLog(value);
  });

  it("a 500 logs the error's kind, SQLSTATE and stack, never its message, parameters or detail", async () => {
    const value = marker();
    // The database refuses the new row in a way that quotes it everywhere PostgreSQL can: the
    // message, DETAIL and HINT, and drizzle adds the query's parameters to its own message.
    await hub.db.execute(sql.raw(`create function log_probe_refuse() returns trigger language plpgsql as $$
      begin
        raise exception 'refused %', new.name using detail = 'Key (email)=(' || new.email || ') is refused', hint = new.phone, errcode = 'P0001';
      end $$`));
    await hub.db.execute(sql.raw('create trigger log_probe before insert on users for each row execute function log_probe_refuse()'));
    try {
      const body = { name: `Name ${value}`, email: `${value}@bitstone.test`, phone: value, username: `u${value}`, team_ids: [team.id], job_id: job.id, join_date: '2024-05-01' };
      const res = await hub.post('/api/user', body, { token: admin.token, headers: markedHeaders(value) });
      expect(res.status).toBe(500);
    } finally {
      await hub.db.execute(sql.raw('drop trigger log_probe on users'));
      await hub.db.execute(sql.raw('drop function log_probe_refuse()'));
    }
    await settle();
    expectNowhereInLog(value);
    const failed = parsedLines().filter((l) => l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    // enough to find the fault: what failed, PostgreSQL's code, and where in our code
    expect(failed[0]).toMatchObject({ level: 50, reqId: expect.any(String), err: { type: 'DrizzleQueryError', cause: { code: 'P0001' } } });
    expect(failed[0].err?.stack).toMatch(/^DrizzleQueryError\n\s+at /);
    expect(failed[0].err?.stack).not.toMatch(/Failed query|params/);
  });
});
