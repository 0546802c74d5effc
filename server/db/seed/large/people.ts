import { ROLE_TEAM_LEAD, ROLE_USER } from '../../../../shared/rules/roles';
import type { Tx } from '../../client';
import { DEMO_TEAMS, EMAIL_DOMAIN, JOB, ROLE_HR, type JobName } from '../catalog';
import { addDays, isoDate } from '../dates';
import { FAMILY_NAMES, FEMALE_NAMES, MALE_NAMES } from '../names';
import type { Random } from '../random';
import { streamRows } from './bulk';
import type { DemoCompany } from './demo';
import type { LargeSize } from './size';

// The people of the large company: generated teams, staff, memberships and teams managers.

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

export interface Teams {
  rows: number;
  list: Team[];
}

export async function insertTeams(tx: Tx, company: DemoCompany, size: LargeSize, random: Random): Promise<Teams> {
  const demo: Team[] = company.teams.map((t) => ({ id: t.id, leadId: t.leadId, generated: false }));
  const wanted = Math.max(0, size.teams - DEMO_TEAMS.length);
  const generated: Team[] = Array.from({ length: wanted }, (_, i) => ({ id: company.maxTeamId + 1 + i, leadId: null, generated: true }));
  const rows = await streamRows(tx, 'teams', { id: 'int', name: 'text', technology: 'text', status: 'text' }, (function* () {
    for (const [i, team] of generated.entries()) {
      yield {
        id: team.id,
        name: `${TEAM_WORDS[i % TEAM_WORDS.length]} ${String(Math.floor(i / TEAM_WORDS.length) + 1).padStart(3, '0')}`,
        technology: random.pick(DEMO_TEAMS).technology,
        status: 'active',
      };
    }
  })());
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

export interface Staff {
  rows: number;
  people: Person[];
  /** Active, registered generated staff: owners of the generated objectives. */
  owners: Person[];
}

const JOB_WEIGHTS: ReadonlyArray<readonly [JobName, number]> = [
  [JOB.softwareEngineer, 40], [JOB.seniorSoftwareEngineer, 25], [JOB.qaEngineer, 12], [JOB.devopsEngineer, 6],
  [JOB.designer, 5], [JOB.businessAnalyst, 5], [JOB.projectManager, 5], [JOB.hrSpecialist, 1], [JOB.officeManager, 1],
];

export async function insertStaff(tx: Tx, company: DemoCompany, teams: Teams, size: LargeSize, now: Date, random: Random): Promise<Staff> {
  const wanted = Math.max(0, size.staff - company.users);
  const people: Person[] = [];
  const active = teams.list;
  const job = (name: JobName) => mustHave(company.jobIds, name);
  const roleUser = mustHave(company.roleIds, ROLE_USER);
  const roleLead = mustHave(company.roleIds, ROLE_TEAM_LEAD);
  const roleHr = mustHave(company.roleIds, ROLE_HR);
  const rows = await streamRows(tx, 'users', {
    id: 'int', name: 'text', username: 'text', email: 'text', phone: 'text', status: 'text', job_id: 'int', role_id: 'int',
    teamlead_id: 'int', registered: 'bool', join_date: 'date', password_hash: 'text', first_login: 'bool',
    last_login: 'timestamptz', created_at: 'timestamptz', updated_at: 'timestamptz',
  }, (function* () {
    for (let i = 0; i < wanted; i++) {
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
      yield {
        id, name, username: `staff${i + 1}`, email: person.email, phone: `+40 7${String(10_000_000 + i).slice(-8)}`,
        status: activeNow ? 'active' : 'deleted', job_id: job(jobName),
        role_id: isLead ? roleLead : jobName === JOB.hrSpecialist ? roleHr : roleUser,
        teamlead_id: person.leadId, registered, join_date: person.joinDate, password_hash: company.passwordHash,
        first_login: false, last_login: registered ? addDays(now, -random.int(0, 60)).toISOString() : null,
        created_at: `${person.joinDate}T08:00:00Z`, updated_at: now.toISOString(),
      };
    }
  })());
  return { rows, people, owners: people.filter((p) => p.active && p.registered) };
}

export async function insertMemberships(tx: Tx, staff: Staff): Promise<number> {
  return streamRows(tx, 'team_members', { user_id: 'int', team_id: 'int', is_lead: 'bool' },
    staff.people.map((p) => ({ user_id: p.id, team_id: p.teamId, is_lead: p.isLead })));
}

/** Every five generated teams share a teams manager: the lead of the first of them. */
export async function insertManagers(tx: Tx, teams: Teams, staff: Staff): Promise<number> {
  const generated = teams.list.filter((t) => t.generated && t.leadId !== null);
  const active = new Set(staff.people.filter((p) => p.active).map((p) => p.id));
  return streamRows(tx, 'team_managers', { user_id: 'int', team_id: 'int' }, (function* () {
    for (const [i, team] of generated.entries()) {
      const manager = generated[i - (i % 5)].leadId;
      if (manager !== null && active.has(manager)) yield { user_id: manager, team_id: team.id };
    }
  })());
}

function mustHave<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`large seed: the demo company has no ${String(key)}`);
  return value;
}
