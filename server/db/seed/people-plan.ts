import { ROLE_ADMIN, ROLE_GUEST, ROLE_TEAM_LEAD, ROLE_USER } from '../../../shared/rules/roles';
import { EMAIL_DOMAIN, JOB, ROLE_HR, TEAM, type JobName } from './catalog';
import { addDays, isoDate } from './dates';
import { FAMILY_NAMES, FEMALE_NAMES, MALE_NAMES, usernameOf } from './names';
import { createRandom, type Random } from './random';

/** One person of the demo company before it has database ids. */
export interface PersonSeed {
  name: string;
  username: string;
  email: string;
  phone: string;
  job: JobName;
  role: string;
  /** Team names; the first is the person's main team (objectives, ticket keys). */
  teams: string[];
  leadOf: string[];
  manages: string[];
  previousTeams: string[];
  /** Username of the direct manager (users.teamlead_id). */
  teamlead: string | null;
  isOwner: boolean;
  registered: boolean;
  status: 'active' | 'deleted';
  joinDate: string;
  firstLogin: boolean;
  female: boolean;
  hasPicture: boolean;
  /** Avatar colour, 0-359. */
  hue: number;
}

type NamedSeed = Omit<PersonSeed, 'email' | 'phone' | 'joinDate' | 'hue' | 'status' | 'registered' | 'previousTeams' | 'hasPicture'> & {
  yearsAgo: number;
};

// design §5: the six named demo users. `lead` and `member` keep first_login true so the
// first-login stepper (confirm info, then team mates for a lead) can be shown with them.
const NAMED: readonly NamedSeed[] = [
  {
    name: 'Andreea Marin', username: 'admin', job: JOB.devopsEngineer, role: ROLE_ADMIN, teams: [TEAM.vega],
    leadOf: [], manages: [], teamlead: 'owner', isOwner: false, firstLogin: false, female: true, yearsAgo: 7,
  },
  // The owner holds the plain User role on purpose: what owners may do comes from the isOwner
  // flag (spec §6), and a demo owner without admin capabilities shows exactly that.
  {
    name: 'Mihai Dumitrescu', username: 'owner', job: JOB.ceo, role: ROLE_USER, teams: [],
    leadOf: [], manages: [], teamlead: null, isOwner: true, firstLogin: false, female: false, yearsAgo: 12,
  },
  // A teams manager is also a member of the teams he manages, so "shares a team" (spec §6)
  // holds for either reading of the rule.
  {
    name: 'Cristian Radu', username: 'manager', job: JOB.engineeringManager, role: ROLE_USER,
    teams: [TEAM.phoenix, TEAM.atlas], leadOf: [], manages: [TEAM.phoenix, TEAM.atlas], teamlead: 'owner',
    isOwner: false, firstLogin: false, female: false, yearsAgo: 9,
  },
  {
    name: 'Alexandru Popa', username: 'lead', job: JOB.techLead, role: ROLE_TEAM_LEAD, teams: [TEAM.phoenix],
    leadOf: [TEAM.phoenix], manages: [], teamlead: 'manager', isOwner: false, firstLogin: true, female: false, yearsAgo: 6,
  },
  {
    name: 'Elena Constantin', username: 'member', job: JOB.softwareEngineer, role: ROLE_USER, teams: [TEAM.phoenix],
    leadOf: [], manages: [], teamlead: 'lead', isOwner: false, firstLogin: true, female: true, yearsAgo: 2,
  },
  {
    name: 'Ioana Georgescu', username: 'guest', job: JOB.businessAnalyst, role: ROLE_GUEST, teams: [TEAM.nova],
    leadOf: [], manages: [], teamlead: null, isOwner: false, firstLogin: false, female: true, yearsAgo: 1,
  },
];

export const NAMED_USERNAMES = NAMED.map((person) => person.username);

/** Leads of the other active teams, and to whom each reports. */
const OTHER_LEADS: ReadonlyArray<readonly [team: string, reportsTo: string]> = [
  [TEAM.atlas, 'manager'], [TEAM.nova, 'owner'], [TEAM.orion, 'owner'], [TEAM.vega, 'owner'], [TEAM.lyra, 'owner'],
];
const MEMBER_TEAMS = [TEAM.phoenix, TEAM.atlas, TEAM.nova, TEAM.orion, TEAM.vega, TEAM.lyra];
const STAFF_JOBS: ReadonlyArray<readonly [JobName, number]> = [
  [JOB.softwareEngineer, 9], [JOB.seniorSoftwareEngineer, 5], [JOB.qaEngineer, 4], [JOB.devopsEngineer, 2],
  [JOB.projectManager, 2], [JOB.designer, 2], [JOB.businessAnalyst, 2],
];
/** How many staff the generator adds beside the six named users (at least 40, so every screen looks like a real company's: design §5). */
export const GENERATED_STAFF = 45;

export function planPeople(now: Date): PersonSeed[] {
  const random = createRandom(20240917);
  const people: PersonSeed[] = NAMED.map(({ yearsAgo, ...named }) => ({
    ...named,
    email: `${named.username}@${EMAIL_DOMAIN}`,
    phone: phone(random),
    joinDate: isoDate(addDays(now, -Math.round(yearsAgo * 365 + random.int(0, 200)))),
    hue: random.int(0, 359),
    status: 'active',
    registered: true,
    previousTeams: named.username === 'member' ? [TEAM.hermes] : [],
    hasPicture: named.username !== 'guest',
  }));
  const leadOfTeam = new Map<string, string>([[TEAM.phoenix, 'lead']]);
  const taken = new Set<string>(NAMED.map((person) => usernameOf(person.name)));
  for (let i = 0; i < GENERATED_STAFF; i++) {
    const female = random.chance(0.45);
    let name: string;
    do {
      name = `${random.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(FAMILY_NAMES)}`;
    } while (taken.has(usernameOf(name)));
    taken.add(usernameOf(name));
    const username = usernameOf(name);
    const person: PersonSeed = {
      name, username, email: `${username}@${EMAIL_DOMAIN}`, phone: phone(random), job: JOB.softwareEngineer,
      role: ROLE_USER, teams: [], leadOf: [], manages: [], previousTeams: [], teamlead: null, isOwner: false,
      registered: true, status: 'active', joinDate: isoDate(addDays(now, -random.int(20, 12 * 365))),
      firstLogin: false, female, hasPicture: random.chance(0.8), hue: random.int(0, 359),
    };
    if (i < OTHER_LEADS.length) {
      // Team leads: long-standing staff, two of them here for more than ten years ('Forever').
      const [team, reportsTo] = OTHER_LEADS[i];
      Object.assign(person, {
        job: JOB.techLead, role: ROLE_TEAM_LEAD, teams: [team], leadOf: [team], teamlead: reportsTo,
        joinDate: isoDate(addDays(now, -random.int(i < 2 ? 3700 : 1500, i < 2 ? 4300 : 3600))), firstLogin: false,
      });
      leadOfTeam.set(team, username);
    } else if (i < OTHER_LEADS.length + 2) {
      Object.assign(person, { job: JOB.hrSpecialist, role: ROLE_HR, teamlead: 'owner' });
    } else if (i === OTHER_LEADS.length + 2) {
      Object.assign(person, { job: JOB.officeManager, teamlead: 'owner' });
    } else {
      const team = MEMBER_TEAMS[i % MEMBER_TEAMS.length];
      const second = random.chance(0.12) ? random.pick(MEMBER_TEAMS.filter((t) => t !== team)) : null;
      person.job = random.weighted(STAFF_JOBS);
      person.teams = second ? [team, second] : [team];
      if (random.chance(0.2)) person.previousTeams = [random.pick([TEAM.hermes, ...MEMBER_TEAMS.filter((t) => t !== team)])];
    }
    people.push(person);
  }
  for (const person of people) {
    if (!person.teamlead && person.teams.length > 0) person.teamlead = leadOfTeam.get(person.teams[0]) ?? null;
  }
  applyLifecycle(people, random, now);
  return people;
}

/** Archived staff, not-yet-registered newcomers and a joiner of this month (spec §9 tenure texts). */
function applyLifecycle(people: PersonSeed[], random: Random, now: Date): void {
  const staff = people.slice(NAMED.length + OTHER_LEADS.length + 3);
  staff[0].joinDate = isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  staff[3].joinDate = isoDate(addDays(now, -random.int(3660, 4000)));
  staff[1].joinDate = isoDate(addDays(now, -random.int(15, 40)));
  // Newcomers HR has added who have not signed in yet (spec §3 registered flag).
  for (const newcomer of [staff[0], staff[1], staff[2], staff[7]]) {
    newcomer.registered = false;
    newcomer.firstLogin = true;
    if (newcomer !== staff[0] && newcomer !== staff[1]) newcomer.joinDate = isoDate(addDays(now, -random.int(40, 100)));
  }
  // spec §4: archive keeps the person; their former team is shown as a previous team.
  for (const archived of [staff[10], staff[20], staff[30]]) {
    archived.status = 'deleted';
    archived.previousTeams = [...new Set([...archived.previousTeams, ...archived.teams])];
    archived.teams = [];
  }
}

function phone(random: Random): string {
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');
  return `+40 7${random.int(2, 9)}${digits(1)} ${digits(3)} ${digits(3)}`;
}
