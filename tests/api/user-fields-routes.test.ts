import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, teamMembers, users } from '../../server/db/schema';
import { createSession } from '../../server/features/auth/sessions';
import { loadSessionUser } from '../../server/features/auth/session-user';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import type { Actor } from '../../shared/rules/session-user';
import { mayChangeUserField, USER_FIELDS, type UserField } from '../../shared/rules/user-fields';
import { createRole, createTeam, createUser } from '../support/factories';
import { startTestHub, type TestHub, type WireBody } from '../support/hub';
import { NOT_USER_WRITING, USER_CREATING_ROUTES, USER_ERASING_ROUTES, USER_WRITING_ROUTES, type SelfRequest, type SelfState, type UserWritingRoute } from './user-writing-routes';

// No restricted field through a side door, generated from the live route table: every
// route that writes a user is tried by people on their OWN account with every field the
// user-fields rule keeps from them, one at a time and all at once. Whatever the route answers,
// those fields are unchanged in the database afterwards; where the route's body takes the field,
// the answer is 403 naming it.


type Persona = 'member' | 'lead' | 'owner' | 'admin';
const PERSONAS: readonly Persona[] = ['member', 'lead', 'owner', 'admin'];

interface Others {
  /** a job, a team and a person none of the personas has */
  job: number;
  team: number;
  manager: number;
  /** a role with every capability */
  adminRole: number;
}

let hub: TestHub;
let doc: WireBody;
let others: Others;
const people = {} as Record<Persona, { id: number; token: string; actor: Actor }>;

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const [adminRole, leadRole, userRole] = await Promise.all([
    createRole(db, { name: 'Admin', capabilities: [...ALL_CAPABILITIES] }),
    createRole(db, { name: ROLE_TEAM_LEAD }),
    createRole(db, { name: 'User' }),
  ]);
  const [alpha, beta] = await Promise.all([createTeam(db), createTeam(db)]);
  const [engineer, designer] = await db.insert(jobs).values([{ name: 'Engineer' }, { name: 'Designer' }]).returning();
  const manager = await createUser(db, { name: 'Mona Manager', teamIds: [beta.id] });
  others = { job: designer.id, team: beta.id, manager: manager.id, adminRole: adminRole.id };
  const made: Record<Persona, Awaited<ReturnType<typeof createUser>>> = {
    member: await createUser(db, { name: 'Mara Member', roleId: userRole.id, teamIds: [alpha.id] }),
    lead: await createUser(db, { name: 'Lia Lead', roleId: leadRole.id, leads: [alpha.id] }),
    owner: await createUser(db, { name: 'Olga Owner', roleId: userRole.id, isOwner: true, teamIds: [alpha.id] }),
    admin: await createUser(db, { name: 'Ada Admin', roleId: adminRole.id, teamIds: [alpha.id] }),
  };
  for (const who of PERSONAS) {
    const id = made[who].id;
    await db.update(users).set({ jobId: engineer.id, joinDate: '2020-01-06' }).where(eq(users.id, id));
    people[who] = { id, token: (await createSession(db, id)).token, actor: (await loadSessionUser(db, id))!.user };
  }
  doc = (await hub.get('/api/docs')).body;
});
afterAll(() => hub?.close());

// --- the fields, as the database holds them and as a request would carry them -----------------

/** Every user field as stored (a new field in USER_FIELDS fails to compile until it is read here). */
async function storedFields(id: number): Promise<Record<UserField, unknown>> {
  const [row] = await hub.db.select().from(users).where(eq(users.id, id));
  const memberships = await hub.db.select({ teamId: teamMembers.teamId, isLead: teamMembers.isLead }).from(teamMembers)
    .where(eq(teamMembers.userId, id)).orderBy(asc(teamMembers.teamId));
  return {
    name: row.name, phone: row.phone, email: row.email, username: row.username, job: row.jobId, teams: memberships.map((m) => m.teamId),
    directManager: row.teamleadId, lineManager: memberships.map((m) => m.isLead), joinDate: row.joinDate, role: row.roleId,
    status: row.status, owner: row.isOwner, picture: [row.pictureFileId, row.imageUrl], password: row.passwordHash,
    bitstoneInfo: row.extras.bitstoneInfo ?? null, relevantExperience: row.extras.relevantExperience ?? null,
    projectsInfo: row.extras.projectsInfo ?? null, personalInfo: row.extras.personalInfo ?? null,
  };
}

async function selfState(id: number): Promise<SelfState> {
  const [row] = await hub.db.select().from(users).where(eq(users.id, id));
  const memberships = await hub.db.select({ teamId: teamMembers.teamId, isLead: teamMembers.isLead }).from(teamMembers).where(eq(teamMembers.userId, id));
  return {
    id, name: row.name, username: row.username, email: row.email, phone: row.phone, jobId: row.jobId, roleId: row.roleId,
    teamleadId: row.teamleadId, joinDate: row.joinDate, teamIds: memberships.map((m) => m.teamId), leads: memberships.some((m) => m.isLead),
  };
}

/** A new value for each field, and the body key a route that does not name the field would be sent it under. */
const PROBES: Record<UserField, { key: string; value: (self: SelfState, who: Persona) => unknown }> = {
  name: { key: 'name', value: (_s, who) => `Someone Else ${who}` },
  phone: { key: 'phone', value: () => '+40 799 999 999' },
  email: { key: 'email', value: (_s, who) => `someone.else.${who}@elsewhere.test` },
  username: { key: 'username', value: (_s, who) => `admin2-${who}` },
  job: { key: 'job_id', value: () => others.job },
  teams: { key: 'team_ids', value: () => [others.team] },
  directManager: { key: 'teamlead_id', value: () => others.manager },
  lineManager: { key: 'is_line_manager', value: (self) => !self.leads },
  joinDate: { key: 'join_date', value: () => '2001-02-03' },
  role: { key: 'role_id', value: () => others.adminRole },
  status: { key: 'status', value: () => 'deleted' },
  owner: { key: 'is_owner', value: () => true },
  picture: { key: 'image_url', value: () => 'https://elsewhere.test/me.png' },
  password: { key: 'password', value: () => 'a brand new password 42' },
  bitstoneInfo: { key: 'bitstone_info', value: () => ({ holidays: 99, benefits: ['Yacht'] }) },
  relevantExperience: { key: 'relevant_experience', value: () => [{ company: 'Elsewhere', position: 'CEO', start_date: '01/2020', end_date: 'Present' }] },
  projectsInfo: { key: 'projects_info', value: () => [{ title: 'Elsewhere' }] },
  personalInfo: { key: 'personal_info', value: () => ({ hometown: 'Elsewhere' }) },
};

/** The key a route's body carries `field` under: its own name for it, else the probe's. */
const keyOf = (route: UserWritingRoute, field: UserField) => route.accepts[field] ?? PROBES[field].key;

// --- requests ---------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: WireBody;
}

async function send(method: string, request: SelfRequest, token: string, form: Record<string, unknown> = {}): Promise<Answer> {
  if (request.file) {
    const data = new FormData();
    for (const [key, value] of Object.entries(form)) data.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    data.append(request.file.field, new Blob([new Uint8Array(request.file.bytes)], { type: request.file.type }), request.file.filename);
    const res = await fetch(`${hub.url}${request.path}`, { method, headers: { authorization: `Bearer ${token}` }, body: data });
    const text = await res.text();
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text };
  }
  return hub.request(method, request.path, { token, body: request.body });
}

const isErrorBody = (body: WireBody) =>
  Array.isArray(body?.errors) && body.errors.length > 0 && body.errors.every((e: WireBody) => typeof e?.message === 'string' && e.message.length > 0);

const describeAnswer = (label: string, a: Answer) => `${label} -> ${a.status} ${JSON.stringify(a.body).slice(0, 240)}`;

// --- the route table ------------------------------------------------------------------------------

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Paths where a person's own account is written. */
const USER_PATH = /^\/api\/(user|admin\/users|auth)(\/|$)/;
/**
 * Body keys that carry a user field (or point at a user). `name` and `status` are left out: every
 * entity has them, and user names and statuses only travel on the user paths above.
 */
const USER_KEYS = new Set([
  ...Object.values(PROBES).map((p) => p.key),
  ...Object.values(USER_WRITING_ROUTES).flatMap((r) => Object.values(r.accepts)),
  'user_id', 'extras', 'current_password', 'new_password',
].filter((k) => k !== 'name' && k !== 'status'));

function bodyKeysOf(method: string, url: string): string[] {
  const operation = doc.paths?.[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
  return Object.keys(operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
}

const writeRoutes = () => [...new Set(hub.routes.filter((r) => r.url.startsWith('/api') && WRITES.includes(r.method)).map((r) => `${r.method} ${r.url}`))];
const CLASSIFIED = { ...USER_WRITING_ROUTES, ...USER_CREATING_ROUTES, ...USER_ERASING_ROUTES, ...NOT_USER_WRITING };

describe('the user-writing routes (tests/api/user-writing-routes.ts)', () => {
  it('name every live route whose path or body could write a user, and only live routes', () => {
    const live = writeRoutes();
    expect(live.length).toBeGreaterThan(30);
    const candidates = live.filter((key) => {
      const [method, url] = key.split(' ');
      return USER_PATH.test(url) || bodyKeysOf(method, url).some((k) => USER_KEYS.has(k));
    });
    expect(candidates).toEqual(expect.arrayContaining(['PUT /api/user/:id', 'POST /api/auth/confirm-info', 'PUT /api/admin/users/:id/role']));
    const unlisted = candidates.filter((key) => !(key in CLASSIFIED));
    expect(unlisted, 'classify each in user-writing-routes.ts: which user fields does it write?').toEqual([]);
    expect(Object.keys(CLASSIFIED).filter((key) => !live.includes(key)), 'listed but not in the hub').toEqual([]);
  });

  it("declare exactly the user fields their OpenAPI body takes", () => {
    const wrong: string[] = [];
    for (const [key, route] of Object.entries(USER_WRITING_ROUTES)) {
      const [method, url] = key.split(' ');
      const body = new Set(bodyKeysOf(method, url));
      const declared = Object.values(route.accepts);
      for (const k of declared) if (!body.has(k)) wrong.push(`${key}: declares ${k}, which its body does not take`);
      const other = route.alsoTakes ?? [];
      for (const k of other) if (!body.has(k)) wrong.push(`${key}: names ${k}, which its body does not take`);
      for (const k of body) if (USER_KEYS.has(k) && !declared.includes(k) && !other.includes(k)) wrong.push(`${key}: takes ${k} without declaring its user field`);
    }
    expect(wrong).toEqual([]);
  });
});

// --- the probes -------------------------------------------------------------------------------------

/** Fields the rule keeps from a person on their own account. */
const restrictedFor = (who: Persona) => USER_FIELDS.filter((f) => !mayChangeUserField(people[who].actor, { id: people[who].id, teamIds: people[who].actor.teamIds }, f));

/** The confirm step is open once; each attempt runs where it is most permissive, at the first sign-in. */
async function beforeEachCall(key: string, id: number) {
  if (key === 'POST /api/auth/confirm-info') await hub.db.update(users).set({ firstLogin: true }).where(eq(users.id, id));
}

const pick = (all: Record<UserField, unknown>, fields: readonly UserField[]) => Object.fromEntries(fields.map((f) => [f, all[f]]));

describe('as people on their own account', () => {
  it('a plain member is kept from every field the user-fields rule restricts', () => {
    expect(restrictedFor('member')).toEqual(expect.arrayContaining(['email', 'username', 'job', 'teams', 'directManager', 'lineManager', 'joinDate', 'role', 'status', 'owner']));
    expect(restrictedFor('admin')).toEqual(expect.arrayContaining(['username', 'status', 'owner']));
  });

  it.each(PERSONAS)('the %s: every user-writing route, every restricted field, changes nothing it may not', async (who) => {
    const { id, token } = people[who];
    const restricted = restrictedFor(who);
    const wrong: string[] = [];
    for (const [key, route] of Object.entries(USER_WRITING_ROUTES)) {
      const method = key.split(' ')[0];
      /** Sends the caller's current values plus `fields` with new values; records any change of a restricted field. */
      const attempt = async (label: string, fields: readonly UserField[]): Promise<Answer> => {
        const self = await selfState(id);
        const base = route.request(self);
        const extras = Object.fromEntries(fields.map((f) => [keyOf(route, f), PROBES[f].value(self, who)]));
        const request = base.body === undefined ? base : { ...base, body: { ...base.body, ...extras } };
        const before = pick(await storedFields(id), restricted);
        await beforeEachCall(key, id);
        const answer = await send(method, request, token, base.file ? extras : {});
        const after = pick(await storedFields(id), restricted);
        const changed = Object.keys(before).filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
        if (changed.length > 0) wrong.push(`${describeAnswer(`${key} ${label}`, answer)}: changed ${changed.join(', ')}`);
        if (answer.status >= 500) wrong.push(describeAnswer(`${key} ${label}`, answer));
        return answer;
      };
      /** 403 in the error shape, naming each of `keys` (none when a route's own gate refuses first). */
      const expectRefused = (label: string, answer: Answer, keys: readonly string[]) => {
        const named = keys.every((k) => answer.body?.errors?.some((e: WireBody) => e.field === k));
        if (answer.status !== 403 || !isErrorBody(answer.body) || !named) wrong.push(describeAnswer(`${key} ${label} should be 403 naming ${keys.join(', ') || 'nothing'}`, answer));
      };

      // The form sent back as it is: no change, so it passes wherever the route lets this person
      // in at all; a route whose call is itself the change (archive) is refused naming the field.
      const implicit = route.implicit && restricted.includes(route.implicit.field) ? route.implicit : undefined;
      const base = await attempt('with current values', []);
      if (implicit) expectRefused('with current values', base, [implicit.key]);
      const gateOpen = base.status >= 200 && base.status < 300;
      const self = await selfState(id);
      const carries = route.request(self).body !== undefined || route.request(self).file !== undefined;
      if (!carries) continue;
      const probed = restricted.filter((f) => f !== route.implicit?.field);
      for (const field of probed) {
        const answer = await attempt(`with a new ${field}`, [field]);
        const accepted = route.accepts[field];
        if (accepted) expectRefused(`with a new ${field}`, answer, gateOpen ? [accepted] : []);
      }
      const accepted = probed.flatMap((f) => route.accepts[f] ?? []);
      const all = await attempt('with every restricted field at once', probed);
      if (accepted.length > 0) expectRefused('with every restricted field at once', all, gateOpen ? accepted : []);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
