import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginEvents } from '../../server/db/schema';
import { NO_SSO, type LdapConfig, type SsoConfig } from '../../server/features/auth/sso/config';
import { ldapLookup, WrongCredentials } from '../../server/features/auth/sso/ldap';
import { SSO_MESSAGES } from '../../shared/api/sso';
import { LOGIN_MESSAGES, SESSION_MESSAGES } from '../../shared/rules/messages';
import { createUser } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { PEOPLE_DN, startSlapd, type TestSlapd } from '../support/slapd';

// LDAP sign-in against a real slapd on loopback (both ways to find the person:
// a bind DN template and a search), the shared rate limits, and the admin's 'local passwords'
// switch with the bootstrap admin kept able to sign in.

let slapd: TestSlapd;
let hub: TestHub;
let sso: SsoConfig;
const unique = () => randomBytes(4).toString('hex');
const linkedEmail = `Linked.${unique()}@Bitstone.test`;
const goneEmail = `gone.${unique()}@bitstone.test`;

let bindConfig: LdapConfig;
let searchConfig: LdapConfig;

beforeAll(async () => {
  slapd = await startSlapd([
    { uid: 'ana.pop', password: 'ana-secret', mail: 'ana.pop@company.test', cn: 'Ana Pop' },
    { uid: 'linked', password: 'linked-secret', mail: linkedEmail.toUpperCase(), cn: 'Linked Person' },
    { uid: 'no.mail', password: 'nomail-secret', cn: 'No Mail' },
    { uid: 'gone', password: 'gone-secret', mail: goneEmail, cn: 'Gone Person' },
    { uid: 'limited', password: 'limited-secret', mail: 'limited@company.test', cn: 'Limited Person' },
  ]);
  const common = { url: slapd.url, searchFilter: '(uid={username})', emailAttribute: 'mail', nameAttribute: 'cn', usernameAttribute: 'uid', label: 'Bitstone directory', timeoutMs: 5000 };
  bindConfig = { ...common, bindDnTemplate: `uid={username},${PEOPLE_DN}` };
  searchConfig = { ...common, searchBase: PEOPLE_DN, searchFilter: '(&(objectClass=inetOrgPerson)(uid={username}))' };
  sso = { ...NO_SSO, ldap: bindConfig };
  hub = await startTestHub({ seed: 'demo', sso });
});
afterAll(async () => {
  await hub?.close();
  await slapd?.stop();
});

describe('POST /auth/ldap', () => {
  it('a new person signs in with the directory password: a user with the default role and an ldap login event', async () => {
    const res = await hub.post('/api/auth/ldap', { username: 'ana.pop', password: 'ana-secret' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Ana Pop', username: 'ana.pop', email: 'ana.pop@company.test', role: { name: 'User' } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('hub_session='))).toBe(true);
    const me = await hub.get('/api/auth/me', { token: res.body.data.access_token });
    expect(me.body.data.user.id).toBe(res.body.data.user.id);
    const [event] = await hub.db.select().from(loginEvents).where(eq(loginEvents.userId, res.body.data.user.id)).orderBy(desc(loginEvents.id)).limit(1);
    expect(event).toMatchObject({ success: true, method: 'ldap', username: 'ana.pop' });
    // a second sign-in is the same user, not a new one
    const again = await hub.post('/api/auth/ldap', { username: 'ana.pop', password: 'ana-secret' });
    expect(again.body.data.user.id).toBe(res.body.data.user.id);
  });

  it('links to the existing user by email (case-insensitive), found by a search', async () => {
    sso.ldap = searchConfig;
    try {
      const existing = await createUser(hub.db, { email: linkedEmail });
      const res = await hub.post('/api/auth/ldap', { username: 'linked', password: 'linked-secret' });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ id: existing.id, username: existing.username });
    } finally {
      sso.ldap = bindConfig;
    }
  });

  it.each([
    ['a wrong password (bind DN)', 'bind', 'ana.pop', 'not-her-password'],
    ['an unknown user (bind DN)', 'bind', 'nobody.here', 'whatever'],
    ['a wrong password (search)', 'search', 'ana.pop', 'not-her-password'],
    ['an unknown user (search)', 'search', 'nobody.here', 'whatever'],
    ['a filter injection (search)', 'search', '*', 'whatever'],
  ])('%s answers 401 with exactly the local sign-in message', async (_case, mode, username, password) => {
    sso.ldap = mode === 'bind' ? bindConfig : searchConfig;
    try {
      const res = await hub.post('/api/auth/ldap', { username, password });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: [{ message: LOGIN_MESSAGES.wrongCredentials }] });
    } finally {
      sso.ldap = bindConfig;
    }
  });

  it('an entry without an email cannot become a hub user: 403 with the reason', async () => {
    const res = await hub.post('/api/auth/ldap', { username: 'no.mail', password: 'nomail-secret' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.noEmail);
  });

  it('an archived hub user with the same email is refused, and no session is made', async () => {
    const gone = await createUser(hub.db, { email: goneEmail, status: 'deleted' }); // archived (DELETE /user/:id)
    const res = await hub.post('/api/auth/ldap', { username: 'gone', password: 'gone-secret' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.archived);
    expect(await hub.db.select().from(loginEvents).where(and(eq(loginEvents.userId, gone.id), eq(loginEvents.success, true)))).toEqual([]);
  });

  it('empty username or password: 400 per field, as local sign-in', async () => {
    const res = await hub.post('/api/auth/ldap', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ message: LOGIN_MESSAGES.username, field: 'username' }, { message: LOGIN_MESSAGES.password, field: 'password' }]));
  });

  it('shares the rate limit with local sign-in: local failures count towards LDAP (429)', async () => {
    for (let i = 0; i < 3; i += 1) expect((await hub.post('/api/auth/login', { username: 'limited', password: 'wrong' })).status).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await hub.post('/api/auth/ldap', { username: 'limited', password: 'wrong' })).status).toBe(401);
    // the right directory password no longer helps: five failures for this name in the window
    const blocked = await hub.post('/api/auth/ldap', { username: 'limited', password: 'limited-secret' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].message).toBe(LOGIN_MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const local = await hub.post('/api/auth/login', { username: 'limited', password: 'wrong' });
    expect(local.status).toBe(429);
  });
});

describe('local passwords on and off (admin setting)', () => {
  it('only an admin reads and changes it (403 for others)', async () => {
    const member = await hub.login('member');
    expect((await hub.get('/api/admin/sso', { token: member.token })).status).toBe(403);
    const refused = await hub.request('PUT', '/api/admin/sso', { token: member.token, body: { local_passwords_enabled: false } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toBe(SESSION_MESSAGES.forbidden);
    const admin = await hub.login('admin');
    const view = await hub.get('/api/admin/sso', { token: admin.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({ local_passwords_enabled: true, bootstrap_admin: 'admin', oidc: null, ldap: { url: slapd.url } });
  });

  it('off: local sign-in refused except the bootstrap admin; LDAP still works; on again restores it', async () => {
    const admin = await hub.login('admin');
    const off = await hub.request('PUT', '/api/admin/sso', { token: admin.token, body: { local_passwords_enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.local_passwords_enabled).toBe(false);
    try {
      expect((await hub.get('/api/auth/sso')).body.data.local_passwords).toBe(false);
      const member = await hub.post('/api/auth/login', { username: 'member', password: 'demo' });
      expect(member.status).toBe(403);
      expect(member.body.errors).toEqual([{ message: SSO_MESSAGES.localOff }]);
      expect((await hub.post('/api/auth/login', { username: 'ADMIN', password: 'demo' })).status).toBe(200);
      expect((await hub.post('/api/auth/ldap', { username: 'ana.pop', password: 'ana-secret' })).status).toBe(200);
      const [audit] = await hub.db.select().from(auditLog).where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, 'localPasswordsEnabled'))).orderBy(desc(auditLog.id)).limit(1);
      expect(audit).toMatchObject({ action: 'update', before: { localPasswordsEnabled: true }, after: { localPasswordsEnabled: false } });
    } finally {
      const on = await hub.request('PUT', '/api/admin/sso', { token: admin.token, body: { local_passwords_enabled: true } });
      expect(on.status).toBe(200);
    }
    expect((await hub.post('/api/auth/login', { username: 'member', password: 'demo' })).status).toBe(200);
  });

  it('cannot be turned off on a hub with no SSO method (400), nor without a boolean (400)', async () => {
    const admin = await hub.login('admin');
    const saved = sso.ldap;
    sso.ldap = null;
    try {
      const res = await hub.request('PUT', '/api/admin/sso', { token: admin.token, body: { local_passwords_enabled: false } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('local_passwords_enabled');
    } finally {
      sso.ldap = saved;
    }
    const bad = await hub.request('PUT', '/api/admin/sso', { token: admin.token, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('local_passwords_enabled');
  });

  it('LDAP answers 400 when the hub has no LDAP', async () => {
    const saved = sso.ldap;
    sso.ldap = null;
    try {
      const res = await hub.post('/api/auth/ldap', { username: 'ana.pop', password: 'ana-secret' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe(SSO_MESSAGES.ldapOff);
    } finally {
      sso.ldap = saved;
    }
  });
});

// The typed username reaches the directory as one literal value (ldapts' filter escaping,
// our DN escaping): wildcards, parentheses, backslash escapes and NUL match nobody, even with the
// password of the person a widened search would find.
describe('a typed username cannot widen the directory search', () => {
  const hostile = ['ana*', '*', 'ana.po*', '*)(uid=ana.pop', 'x)(|(uid=*', 'ana.pop)(objectClass=*', 'ana\\2a', '\\2a', 'ana.pop\\29', 'ana.pop\u0000', 'ana*\u0000', '\u0000*'];

  it('the unescaped filter would find Ana (so a widened search is visible here)', async () => {
    const client = new Client({ url: slapd.url });
    try {
      const { searchEntries } = await client.search(PEOPLE_DN, { scope: 'sub', filter: '(&(objectClass=inetOrgPerson)(uid=ana*))' });
      expect(searchEntries.map((e) => e.dn)).toEqual([`uid=ana.pop,${PEOPLE_DN}`]);
    } finally {
      await client.unbind();
    }
  });

  it.each(hostile.map((username) => [JSON.stringify(username), username]))('%s with Ana’s password finds nobody, by search or bind DN', async (_name, username) => {
    for (const config of [searchConfig, bindConfig]) await expect(ldapLookup(config, username, 'ana-secret')).rejects.toBeInstanceOf(WrongCredentials);
  });

  it('through the sign-in route: 401 as any wrong sign-in, and a NUL is refused at the edge', async () => {
    sso.ldap = searchConfig;
    try {
      for (const username of ['ana*', '*)(uid=ana.pop']) {
        const res = await hub.post('/api/auth/ldap', { username, password: 'ana-secret' });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ errors: [{ message: LOGIN_MESSAGES.wrongCredentials }] });
      }
      const nul = await hub.post('/api/auth/ldap', { username: 'ana.pop\u0000', password: 'ana-secret' });
      expect(nul.status).toBe(400);
      expect(nul.body.errors[0].field).toBe('username');
    } finally {
      sso.ldap = bindConfig;
    }
  });
});
