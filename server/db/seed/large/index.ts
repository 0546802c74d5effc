import { sql } from 'drizzle-orm';
import {
  EVALUATION_FIELDS, HOLIDAY_TYPES, OBJECTIVE_CATEGORIES, PRIORITIES,
  type HolidayType, type ObjectiveCategory, type ObjectiveStatus, type Priority,
} from '../../../../shared/rules/constants';
import { ROLE_TEAM_LEAD, ROLE_USER } from '../../../../shared/rules/roles';
import type { Db, Tx } from '../../client';
import { isDatabaseEmpty, seedDemoCompany } from '../index';
import { DEMO_TEAMS, EMAIL_DOMAIN, JOB, ROLE_HR, type JobName } from '../catalog';
import { addDays, addMonths, isoDate, isWeekend, startOfDay } from '../dates';
import { EVALUATION_TEXTS } from '../evaluation-texts';
import { FAMILY_NAMES, FEMALE_NAMES, MALE_NAMES } from '../names';
import { KEY_RESULT_DESCRIPTIONS, OBJECTIVE_TEXTS, type ObjectiveText } from '../objective-texts';
import { createRandom, type Random } from '../random';
import { queryRows, streamInto, syncSequence, withBulkLoad, type Columns } from './bulk';

// issue 10 "A large company on demand": the demo company (so admin/owner/manager/lead/member/
// guest keep password `demo` and their roles) grown to a company of the given size with
// generated staff, teams, objectives, key results, evaluations, a year of holidays and a year
// of time tasks. Deterministic: every part draws from its own seeded stream. Everything runs in
// one transaction, so a failed run leaves the database empty.

export interface LargeSize {
  staff: number;
  teams: number;
  objectives: number;
  keyResults: number;
  evaluations: number;
  /** Working days of time tasks per tracked person, counted back from today (a year ~ 260). */
  timeTaskDays: number;
}

export const LARGE_COMPANY: LargeSize = {
  staff: 10_000, teams: 200, objectives: 250_000, keyResults: 1_000_000, evaluations: 50_000, timeTaskDays: 260,
};

/** The same company shape at a fraction of the size (tests): everything scales with staff. */
export function scaledSize(staff: number): LargeSize {
  const f = staff / LARGE_COMPANY.staff;
  return {
    staff,
    teams: Math.max(10, Math.round(LARGE_COMPANY.teams * f)),
    objectives: Math.round(LARGE_COMPANY.objectives * f),
    keyResults: Math.round(LARGE_COMPANY.keyResults * f),
    evaluations: Math.round(LARGE_COMPANY.evaluations * f),
    timeTaskDays: LARGE_COMPANY.timeTaskDays,
  };
}

/** The tables the generator fills: their indexes are rebuilt once after the load. */
const BULK_TABLES = [
  'users', 'team_members', 'objectives', 'key_results', 'evaluations', 'holiday_events', 'days_left', 'timetracking_tasks', 'timetracking_accounts',
] as const;

export interface LargeSeedOptions {
  size?: LargeSize;
  now?: Date;
  log?: (message: string) => void;
}

export type LargeSeedReport = Record<string, { rows: number; ms: number }>;

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('the database already has users: the large company is only seeded into an empty database');
  }
}

export async function seedLargeCompany(db: Db, options: LargeSeedOptions = {}): Promise<LargeSeedReport> {
  if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();
  const size = options.size ?? LARGE_COMPANY;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const report: LargeSeedReport = {};
  const step = async (name: string, run: () => Promise<number>) => {
    const started = performance.now();
    const rows = await run();
    const ms = Math.round(performance.now() - started);
    report[name] = { rows, ms };
    log(`${name.padEnd(18)} ${String(rows).padStart(9)} rows ${(ms / 1000).toFixed(1).padStart(7)} s`);
  };
  await db.transaction(async (tx) => {
    // The demo seed nests as a savepoint; its one scrypt hash is then reused by every generated user.
    await step('demo company', async () => {
      await seedDemoCompany(tx as unknown as Db, { now });
      return (await count(tx, 'users'));
    });
    const company = await readDemo(tx);
    await withBulkLoad(tx, BULK_TABLES, async () => {
      const teams = await step2(step, 'teams', () => insertTeams(tx, company, size, createRandom(10_001)));
      const staff = await step2(step, 'users', () => insertStaff(tx, company, teams, size, now, createRandom(10_002)));
      await step('team_members', () => insertMemberships(tx, staff));
      await step('team_managers', () => insertManagers(tx, teams, staff));
      const objectives = await step2(step, 'objectives', () => insertObjectives(tx, staff, size, now, createRandom(10_003)));
      await step('key_results', () => insertKeyResults(tx, objectives.made, size, createRandom(10_004)));
      await step('evaluations', () => insertEvaluations(tx, staff, size, now, createRandom(10_005)));
      await step('holiday_events', () => insertHolidays(tx, staff, now, createRandom(10_006)));
      await step('days_left', () => insertDaysLeft(tx, staff, now, createRandom(10_007)));
      await step('time tasks', () => insertTimeTasks(tx, staff, size, now, createRandom(10_008)));
    }, (indexes, ms) => {
      report.indexes = { rows: indexes, ms };
      log(`${'indexes rebuilt'.padEnd(18)} ${String(indexes).padStart(9)}      ${(ms / 1000).toFixed(1).padStart(7)} s`);
    });
    for (const table of ['teams', 'users', 'objectives']) await syncSequence(tx, table);
  });
  // Fresh statistics, so the planner sees a large company and picks the indexes; the vacuum of the
  // tables the lists count sets their visibility map, so a count over an index need not visit the
  // table (index-only scans).
  await step('vacuum analyze', async () => {
    for (const table of ['objectives', 'key_results', 'users', 'team_members']) await db.execute(sql.raw(`vacuum (analyze) "${table}"`));
    await db.execute(sql`analyze`);
    return 0;
  });
  return report;
}

async function step2<T extends { rows: number }>(
  step: (name: string, run: () => Promise<number>) => Promise<void>, name: string, run: () => Promise<T>,
): Promise<T> {
  let out: T | undefined;
  await step(name, async () => {
    out = await run();
    return out.rows;
  });
  return out as T;
}

async function count(tx: Tx, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from "${table}"`));
  return Number(row?.n ?? 0);
}

// ---- what the demo seed left -----------------------------------------------------------------

interface DemoCompany {
  passwordHash: string;
  roleIds: Map<string, number>;
  jobIds: Map<string, number>;
  /** Active demo teams with their lead (if any). */
  teams: Array<{ id: number; leadId: number | null }>;
  users: number;
  objectives: number;
  keyResults: number;
  evaluations: number;
  maxUserId: number;
  maxTeamId: number;
  maxObjectiveId: number;
}

async function readDemo(tx: Tx): Promise<DemoCompany> {
  const [admin] = await queryRows<{ hash: string }>(tx, sql`select password_hash as hash from users where username = 'admin'`);
  if (!admin?.hash) throw new Error('the demo seed has no admin');
  const roles = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from roles`);
  const jobs = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from jobs`);
  const teams = await queryRows<{ id: number; lead_id: number | null }>(tx, sql`
    select t.id, (select min(m.user_id) from team_members m where m.team_id = t.id and m.is_lead) as lead_id
    from teams t where t.status = 'active' order by t.id`);
  const [max] = await queryRows<{ u: number; t: number; o: number }>(tx, sql`
    select (select max(id) from users)::int as u, (select max(id) from teams)::int as t, (select coalesce(max(id), 0) from objectives)::int as o`);
  return {
    passwordHash: admin.hash,
    roleIds: new Map(roles.map((r) => [r.name, Number(r.id)])),
    jobIds: new Map(jobs.map((j) => [j.name, Number(j.id)])),
    teams: teams.map((t) => ({ id: Number(t.id), leadId: t.lead_id === null ? null : Number(t.lead_id) })),
    users: await count(tx, 'users'),
    objectives: await count(tx, 'objectives'),
    keyResults: await count(tx, 'key_results'),
    evaluations: await count(tx, 'evaluations'),
    maxUserId: Number(max.u),
    maxTeamId: Number(max.t),
    maxObjectiveId: Number(max.o),
  };
}

// ---- teams ---------------------------------------------------------------------------------

const TEAM_WORDS = [
  'Aquila', 'Boreas', 'Cassini', 'Draco', 'Electra', 'Fornax', 'Gemini', 'Helios', 'Indus', 'Juno',
  'Kepler', 'Libra', 'Mensa', 'Nereid', 'Octans', 'Perseus', 'Quasar', 'Rigel', 'Sirius', 'Triton',
];

interface Team {
  id: number;
  /** The lead: a demo user for the demo teams, else filled in by insertStaff. */
  leadId: number | null;
  generated: boolean;
}

interface Teams {
  rows: number;
  list: Team[];
}

async function insertTeams(tx: Tx, company: DemoCompany, size: LargeSize, random: Random): Promise<Teams> {
  const demo: Team[] = company.teams.map((t) => ({ id: t.id, leadId: t.leadId, generated: false }));
  const wanted = Math.max(0, size.teams - DEMO_TEAMS.length);
  const generated: Team[] = Array.from({ length: wanted }, (_, i) => ({ id: company.maxTeamId + 1 + i, leadId: null, generated: true }));
  let next = 0;
  const rows = await streamInto(tx, 'teams', { id: 'int', name: 'text', technology: 'text', status: 'text' }, (c, limit) => {
    let added = 0;
    for (; next < generated.length && added < limit; next++, added++) {
      push(c, {
        id: generated[next].id,
        name: `${TEAM_WORDS[next % TEAM_WORDS.length]} ${String(Math.floor(next / TEAM_WORDS.length) + 1).padStart(3, '0')}`,
        technology: random.pick(DEMO_TEAMS).technology,
        status: 'active',
      });
    }
    return added;
  });
  return { rows, list: [...demo, ...generated] };
}

// ---- staff -----------------------------------------------------------------------------------

interface Person {
  id: number;
  name: string;
  teamId: number;
  leadId: number | null;
  isLead: boolean;
  active: boolean;
  registered: boolean;
  tracksTime: boolean;
  email: string;
  joinDate: string;
}

interface Staff {
  rows: number;
  people: Person[];
  /** Active, registered generated staff: owners of the generated objectives. */
  owners: Person[];
}

const JOB_WEIGHTS: ReadonlyArray<readonly [JobName, number]> = [
  [JOB.softwareEngineer, 40], [JOB.seniorSoftwareEngineer, 25], [JOB.qaEngineer, 12], [JOB.devopsEngineer, 6],
  [JOB.designer, 5], [JOB.businessAnalyst, 5], [JOB.projectManager, 5], [JOB.hrSpecialist, 1], [JOB.officeManager, 1],
];

async function insertStaff(tx: Tx, company: DemoCompany, teams: Teams, size: LargeSize, now: Date, random: Random): Promise<Staff> {
  const wanted = Math.max(0, size.staff - company.users);
  const people: Person[] = [];
  const active = teams.list;
  const job = (name: JobName) => mustHave(company.jobIds, name);
  const roleUser = mustHave(company.roleIds, ROLE_USER);
  const roleLead = mustHave(company.roleIds, ROLE_TEAM_LEAD);
  const roleHr = mustHave(company.roleIds, ROLE_HR);
  let i = 0;
  const rows = await streamInto(tx, 'users', {
    id: 'int', name: 'text', username: 'text', email: 'text', phone: 'text', status: 'text', job_id: 'int', role_id: 'int',
    teamlead_id: 'int', registered: 'bool', join_date: 'date', password_hash: 'text', first_login: 'bool',
    last_login: 'timestamptz', created_at: 'timestamptz', updated_at: 'timestamptz',
  }, (c, limit) => {
    let added = 0;
    for (; i < wanted && added < limit; i++, added++) {
      const id = company.maxUserId + 1 + i;
      const team = active[i % active.length];
      // The first generated member of a generated team leads it.
      const isLead = team.generated && team.leadId === null;
      if (isLead) team.leadId = id;
      const female = random.chance(0.45);
      const name = `${random.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(FAMILY_NAMES)}`;
      const jobName = isLead ? JOB.techLead : random.weighted(JOB_WEIGHTS);
      const activeNow = isLead || !random.chance(0.03);
      const registered = isLead || random.chance(0.97);
      const joined = addDays(now, -random.int(30, 3650));
      const person: Person = {
        id, name, teamId: team.id, leadId: isLead ? null : team.leadId, isLead, active: activeNow, registered,
        tracksTime: activeNow && registered && jobName !== JOB.officeManager, email: `staff${i + 1}@${EMAIL_DOMAIN}`, joinDate: isoDate(joined),
      };
      people.push(person);
      push(c, {
        id, name, username: `staff${i + 1}`, email: person.email, phone: `+40 7${String(10_000_000 + i).slice(-8)}`,
        status: activeNow ? 'active' : 'deleted', job_id: job(jobName),
        role_id: isLead ? roleLead : jobName === JOB.hrSpecialist ? roleHr : roleUser,
        teamlead_id: person.leadId, registered, join_date: person.joinDate, password_hash: company.passwordHash,
        first_login: false, last_login: registered ? addDays(now, -random.int(0, 60)).toISOString() : null,
        created_at: `${person.joinDate}T08:00:00Z`, updated_at: now.toISOString(),
      });
    }
    return added;
  });
  return { rows, people, owners: people.filter((p) => p.active && p.registered) };
}

async function insertMemberships(tx: Tx, staff: Staff): Promise<number> {
  let i = 0;
  return streamInto(tx, 'team_members', { user_id: 'int', team_id: 'int', is_lead: 'bool' }, (c, limit) => {
    let added = 0;
    for (; i < staff.people.length && added < limit; i++, added++) {
      const p = staff.people[i];
      push(c, { user_id: p.id, team_id: p.teamId, is_lead: p.isLead });
    }
    return added;
  });
}

/** Every five generated teams share a teams manager: the lead of the first of them. */
async function insertManagers(tx: Tx, teams: Teams, staff: Staff): Promise<number> {
  const generated = teams.list.filter((t) => t.generated && t.leadId !== null);
  const active = new Set(staff.people.filter((p) => p.active).map((p) => p.id));
  let i = 0;
  return streamInto(tx, 'team_managers', { user_id: 'int', team_id: 'int' }, (c, limit) => {
    let added = 0;
    for (; i < generated.length && added < limit; i++) {
      const manager = generated[i - (i % 5)].leadId;
      if (manager === null || !active.has(manager)) continue;
      push(c, { user_id: manager, team_id: generated[i].id });
      added++;
    }
    return added;
  });
}

// ---- objectives and key results ---------------------------------------------------------------

const STATUS_WEIGHTS: ReadonlyArray<readonly [ObjectiveStatus, number]> = [
  ['in progress', 40], ['completed', 33], ['archived', 10], ['waiting for approval', 9], ['deleted', 8],
];
const PRIORITY_WEIGHTS: ReadonlyArray<readonly [Priority, number]> = PRIORITIES.map((p, i) => [p, [1, 3, 5, 3, 1][i]] as const);
const DEADLINE_WINDOW: Record<ObjectiveStatus, readonly [number, number]> = {
  'in progress': [-60, 180], completed: [-270, 45], archived: [-270, -30], 'waiting for approval': [-30, 90], deleted: [-180, 120],
};
const CATEGORY_WEIGHTS: ReadonlyArray<readonly [ObjectiveCategory, number]> = [['Technology', 45], ['Management', 15], ['Soft Skills', 25], ['Personal', 15]];

const TEXTS: Record<ObjectiveCategory, Array<{ subcategory: string; text: ObjectiveText }>> = Object.fromEntries(
  (Object.keys(OBJECTIVE_CATEGORIES) as ObjectiveCategory[]).map((category) => [
    category,
    Object.entries(OBJECTIVE_TEXTS[category]).flatMap(([subcategory, list]) => list.map((text) => ({ subcategory, text }))),
  ]),
) as Record<ObjectiveCategory, Array<{ subcategory: string; text: ObjectiveText }>>;

interface ObjectiveMade {
  id: number;
  ownerId: number;
  authorId: number;
  status: ObjectiveStatus;
  allDone: boolean;
  priority: Priority;
  deadline: string;
  createdAt: string;
  modifiedAt: string;
  keyResults: readonly string[];
}

async function insertObjectives(tx: Tx, staff: Staff, size: LargeSize, now: Date, random: Random): Promise<{ rows: number; made: ObjectiveMade[] }> {
  const demoCount = await count(tx, 'objectives');
  const [max] = await queryRows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int as id from objectives`);
  const wanted = staff.owners.length === 0 ? 0 : Math.max(0, size.objectives - demoCount);
  const made: ObjectiveMade[] = [];
  let i = 0;
  const rows = await streamInto(tx, 'objectives', {
    id: 'int', title: 'text', description: 'text', status: 'text', next_status: 'text', category: 'text', subcategory: 'text',
    priority: 'text', deadline: 'date', is_public: 'bool', author_id: 'int', owner_id: 'int', team_id: 'int',
    created_at: 'timestamptz', last_modification_date: 'timestamptz',
  }, (c, limit) => {
    let added = 0;
    for (; i < wanted && added < limit; i++, added++) {
      const owner = staff.owners[i % staff.owners.length];
      const status = random.weighted(STATUS_WEIGHTS);
      const category = random.weighted(CATEGORY_WEIGHTS);
      const { subcategory, text } = random.pick(TEXTS[category]);
      const [earliest, latest] = DEADLINE_WINDOW[status];
      const deadline = addDays(now, random.int(earliest, latest));
      const created = new Date(Math.min(addDays(deadline, -random.int(20, 150)).getTime(), addDays(now, -random.int(1, 40)).getTime())
        + random.int(8 * 60, 17 * 60) * 60_000);
      const modified = new Date(created.getTime() + random.next() * (now.getTime() - created.getTime()));
      const nextStatus = status === 'archived' ? (random.chance(0.8) ? 'completed' : 'in progress')
        : status === 'waiting for approval' ? (random.chance(0.7) ? 'completed' : 'deleted') : null;
      const authorId = owner.leadId !== null && random.chance(0.35) ? owner.leadId : owner.id;
      const objective: ObjectiveMade = {
        id: max.id + 1 + i, ownerId: owner.id, authorId, status, allDone: status === 'completed' || nextStatus === 'completed',
        priority: random.weighted(PRIORITY_WEIGHTS), deadline: isoDate(deadline), createdAt: created.toISOString(),
        modifiedAt: modified.toISOString(), keyResults: text.keyResults,
      };
      made.push(objective);
      push(c, {
        id: objective.id, title: text.title, description: text.description, status, next_status: nextStatus, category, subcategory,
        priority: objective.priority, deadline: objective.deadline, is_public: random.chance(0.3), author_id: authorId,
        owner_id: owner.id, team_id: owner.teamId, created_at: objective.createdAt, last_modification_date: objective.modifiedAt,
      });
    }
    return added;
  });
  return { rows, made };
}

const SCORES: ReadonlyArray<readonly [number, number]> = [[100, 6], [90, 3], [80, 2], [70, 1]];

async function insertKeyResults(tx: Tx, objectives: ObjectiveMade[], size: LargeSize, random: Random): Promise<number> {
  if (objectives.length === 0) return 0;
  const wanted = Math.max(0, size.keyResults - (await count(tx, 'key_results')));
  // The same total as asked, 1-7 per objective: pairs of objectives trade a random number of key
  // results, so the spread varies while the sum stays exact.
  const base = Math.floor(wanted / objectives.length);
  const extra = wanted - base * objectives.length;
  const counts = objectives.map((_, i) => base + (i < extra ? 1 : 0));
  for (let i = 0; i + 1 < counts.length; i += 2) {
    const d = random.int(-Math.min(3, counts[i] - 1), Math.min(3, counts[i + 1] - 1));
    counts[i] += d;
    counts[i + 1] -= d;
  }
  let o = 0;
  return streamInto(tx, 'key_results', {
    objective_id: 'int', title: 'text', description: 'text', priority: 'text', deadline: 'date', status: 'text',
    owner_id: 'int', author_id: 'int', percentage: 'int', created_at: 'timestamptz', last_modification_date: 'timestamptz',
  }, (c, limit) => {
    let added = 0;
    for (; o < objectives.length && added < limit; o++) {
      const objective = objectives[o];
      for (let k = 0; k < counts[o]; k++, added++) {
        const done = objective.allDone || random.chance(0.4);
        const deleted = !done && objective.status === 'in progress' && random.chance(0.05);
        push(c, {
          objective_id: objective.id, title: objective.keyResults[k % objective.keyResults.length], description: random.pick(KEY_RESULT_DESCRIPTIONS),
          priority: objective.priority, deadline: objective.deadline, status: deleted ? 'deleted' : done ? 'completed' : 'in progress',
          owner_id: objective.ownerId, author_id: objective.authorId, percentage: done ? random.weighted(SCORES) : null,
          created_at: objective.createdAt, last_modification_date: objective.modifiedAt,
        });
      }
    }
    return added;
  });
}

// ---- evaluations, holidays, hours -------------------------------------------------------------

async function insertEvaluations(tx: Tx, staff: Staff, size: LargeSize, now: Date, random: Random): Promise<number> {
  const evaluated = staff.owners.filter((p) => p.leadId !== null);
  if (evaluated.length === 0) return 0;
  const wanted = Math.max(0, size.evaluations - (await count(tx, 'evaluations')));
  let i = 0;
  const types = Object.fromEntries([['user_id', 'int'], ['author_id', 'int'], ['created_at', 'timestamptz'], ...EVALUATION_FIELDS.map((f) => [snake(f), 'text'])]);
  return streamInto(tx, 'evaluations', types, (c, limit) => {
    let added = 0;
    for (; i < wanted && added < limit; i++, added++) {
      const person = evaluated[i % evaluated.length];
      const first = person.name.split(' ')[0];
      const round = Math.floor(i / evaluated.length);
      const row: Record<string, unknown> = {
        user_id: person.id, author_id: person.leadId, created_at: addDays(now, -random.int(round * 180 + 5, round * 180 + 175)).toISOString(),
      };
      for (const field of EVALUATION_FIELDS) row[snake(field)] = random.pick(EVALUATION_TEXTS[field]).replace('{first}', first);
      push(c, row);
    }
    return added;
  });
}

const VACATION: HolidayType = 'De odihna';
const MEDICAL: HolidayType = 'Medical';

async function insertHolidays(tx: Tx, staff: Staff, now: Date, random: Random): Promise<number> {
  const from = startOfDay(addMonths(now, -12));
  const span = Math.round((startOfDay(addMonths(now, 2)).getTime() - from.getTime()) / 86_400_000) - 14;
  const active = staff.people.filter((p) => p.active);
  let i = 0;
  let n = 0;
  return streamInto(tx, 'holiday_events', {
    external_id: 'text', user_id: 'int', title: 'text', start: 'date', end: 'date', type: 'text', team_id: 'int',
  }, (c, limit) => {
    let added = 0;
    for (; i < active.length && added < limit; i++) {
      const person = active[i];
      const events: Array<[HolidayType, number]> = Array.from({ length: random.int(2, 4) }, () => [VACATION, random.weighted([[1, 3], [3, 3], [5, 4], [10, 2]])]);
      if (random.chance(0.3)) events.push([MEDICAL, random.int(1, 5)]);
      for (const [type, days] of events) {
        let start = addDays(from, random.int(0, span));
        while (isWeekend(start)) start = addDays(start, 1);
        let end = start;
        for (let left = days - 1; left > 0; left--) {
          end = addDays(end, 1);
          while (isWeekend(end)) end = addDays(end, 1);
        }
        push(c, {
          external_id: `large-holiday-${++n}`, user_id: person.id, title: `${person.name} - ${HOLIDAY_TYPES[type]}`,
          start: isoDate(start), end: isoDate(end), type, team_id: person.teamId,
        });
        added++;
      }
    }
    return added;
  }, {
    external_id: 'u.external_id', user_id: 'u.user_id', title: 'u.title', start: 'u.start', end: 'u."end"', type: 'u.type', team_ids: 'array[u.team_id]',
  });
}

async function insertDaysLeft(tx: Tx, staff: Staff, now: Date, random: Random): Promise<number> {
  const active = staff.people.filter((p) => p.active);
  let i = 0;
  return streamInto(tx, 'days_left', { email: 'text', days_left: 'int', updated_at: 'timestamptz' }, (c, limit) => {
    let added = 0;
    for (; i < active.length && added < limit; i++, added++) push(c, { email: active[i].email, days_left: random.int(0, 24), updated_at: now.toISOString() });
    return added;
  });
}

const TASKS = ['Implement the feature', 'Code review', 'Fix a bug', 'Unit tests', 'Sprint ceremonies', 'Refactoring', 'Client meeting', 'Documentation'];

/** One task per working day for a year: the size of a real tracker's export, in bulk. */
async function insertTimeTasks(tx: Tx, staff: Staff, size: LargeSize, now: Date, random: Random): Promise<number> {
  const tracked = staff.people.filter((p) => p.tracksTime);
  let accounts = 0;
  await streamInto(tx, 'timetracking_accounts', { user_id: 'int', external_user: 'text' }, (c, limit) => {
    let added = 0;
    for (; accounts < tracked.length && added < limit; accounts++, added++) push(c, { user_id: tracked[accounts].id, external_user: `staff-${tracked[accounts].id}` });
    return added;
  });
  const days: string[] = [];
  for (let day = startOfDay(now); days.length < size.timeTaskDays; day = addDays(day, -1)) if (!isWeekend(day)) days.push(isoDate(day));
  let p = 0;
  let d = 0;
  return streamInto(tx, 'timetracking_tasks', { external_id: 'text', user_id: 'int', date: 'date', summary: 'text', hours: 'numeric' }, (c, limit) => {
    let added = 0;
    while (p < tracked.length && added < limit) {
      const person = tracked[p];
      push(c, { external_id: `large-${person.id}-${days[d]}`, user_id: person.id, date: days[d], summary: random.pick(TASKS), hours: random.chance(0.9) ? 8 : 7.5 });
      added++;
      if (++d === days.length) {
        d = 0;
        p++;
      }
    }
    return added;
  });
}

// ---- helpers ---------------------------------------------------------------------------------

function push(columns: Columns, row: Record<string, unknown>): void {
  for (const name of Object.keys(columns)) columns[name].push(row[name] ?? null);
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function mustHave<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`large seed: the demo company has no ${String(key)}`);
  return value;
}
