import * as schema from '../schema';
import type { Tx } from '../client';
import { DEMO_JOBS, DEMO_ROLES, DEMO_SKILLS, DEMO_TEAMS } from './catalog';
import { insertChunked, reserveIds } from './insert';
import type { PersonSeed } from './people-plan';

export interface SeededPerson extends PersonSeed {
  id: number;
  pictureFileId: string | null;
  extras: schema.UserExtras;
}

/** What the later seed steps need to know about the company they decorate. */
export interface Company {
  now: Date;
  people: SeededPerson[];
  byUsername: Map<string, SeededPerson>;
  teamIds: Map<string, number>;
  skills: Array<{ id: number; name: string }>;
}

export interface CatalogIds {
  roleIds: Map<string, number>;
  jobIds: Map<string, number>;
  teamIds: Map<string, number>;
  skills: Array<{ id: number; name: string }>;
}

export async function insertCatalog(tx: Tx): Promise<CatalogIds> {
  const roleIds = await insertNamed(tx, 'roles', DEMO_ROLES.map((r) => r.name), (id, i) => ({
    id, name: DEMO_ROLES[i].name, status: DEMO_ROLES[i].status, capabilities: [...DEMO_ROLES[i].capabilities],
  }), schema.roles);
  const jobIds = await insertNamed(tx, 'jobs', DEMO_JOBS, (id, i) => ({ id, name: DEMO_JOBS[i] }), schema.jobs);
  const teamIds = await insertNamed(tx, 'teams', DEMO_TEAMS.map((t) => t.name), (id, i) => ({
    id, name: DEMO_TEAMS[i].name, technology: DEMO_TEAMS[i].technology, status: DEMO_TEAMS[i].status,
  }), schema.teams);
  const skillIds = await insertNamed(tx, 'skills', DEMO_SKILLS, (id, i) => ({ id, name: DEMO_SKILLS[i] }), schema.skills);
  const skills = DEMO_SKILLS.map((name) => ({ id: mustGet(skillIds, name), name }));
  return { roleIds, jobIds, teamIds, skills };
}

async function insertNamed<T extends typeof schema.roles | typeof schema.jobs | typeof schema.teams | typeof schema.skills>(
  tx: Tx, tableName: string, names: readonly string[], row: (id: number, index: number) => T['$inferInsert'], table: T,
): Promise<Map<string, number>> {
  const ids = await reserveIds(tx, tableName, names.length);
  await insertChunked(tx, table, names.map((_, i) => row(ids[i], i)));
  return new Map(names.map((name, i) => [name, ids[i]]));
}

export async function insertPeople(
  tx: Tx, catalog: CatalogIds, people: readonly SeededPerson[], lastLogin: Map<string, Date>, passwordHash: string, now: Date,
): Promise<void> {
  const idOf = new Map(people.map((person) => [person.username, person.id]));
  await insertChunked(tx, schema.users, people.map((person) => ({
    id: person.id,
    name: person.name,
    username: person.username,
    email: person.email,
    phone: person.phone,
    status: person.status,
    jobId: mustGet(catalog.jobIds, person.job),
    roleId: mustGet(catalog.roleIds, person.role),
    teamleadId: person.teamlead ? mustGet(idOf, person.teamlead) : null,
    isOwner: person.isOwner,
    registered: person.registered,
    joinDate: person.joinDate,
    pictureFileId: person.pictureFileId,
    extras: person.extras,
    passwordHash,
    firstLogin: person.firstLogin,
    lastLogin: lastLogin.get(person.username) ?? null,
    createdAt: new Date(`${person.joinDate}T08:00:00Z`),
    updatedAt: now,
  })));
  const team = (name: string) => mustGet(catalog.teamIds, name);
  await insertChunked(tx, schema.teamMembers, people.flatMap((person) =>
    person.teams.map((name) => ({ userId: person.id, teamId: team(name), isLead: person.leadOf.includes(name) }))));
  await insertChunked(tx, schema.previousTeams, people.flatMap((person) =>
    person.previousTeams.map((name) => ({ userId: person.id, teamId: team(name) }))));
  await insertChunked(tx, schema.teamManagers, people.flatMap((person) =>
    person.manages.map((name) => ({ userId: person.id, teamId: team(name) }))));
}

export function mustGet<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: unknown ${String(key)}`);
  return value;
}
