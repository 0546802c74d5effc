import { sql } from 'drizzle-orm';
import type { Priority } from '../../../shared/rules/constants';
import { rowsOf, type Tx } from '../client';
import * as schema from '../schema';
import { objectiveLinks } from '../../features/alignment';
import { recomputeRollups } from '../../features/alignment';
import { addDays, isoDate, parseIsoDate } from './dates';
import { insertChunked, reserveIds } from './insert';
import { mustGet, type Company, type SeededPerson } from './people';
import type { Random } from './random';

// The demo company has an aligned set (docs/api.md 'Alignment'). A few company objectives (the
// owner's: they need no approval), two team objectives per active team (its lead's, approved),
// members' personal objectives and key results supporting their team's, team objectives
// supporting the company's. Some parents roll up 'from supporting objectives' (one of them with
// weights), and teammates' private objectives among the children show as 'a private objective'
// to the other members (the guest's team, Nova, included). Runs last, on its own stream, so
// nothing seeded before it moves; the stored roll-ups are the hub's own (recomputeRollups).

type ObjectiveRow = typeof schema.objectives.$inferInsert;
type KeyResultRow = typeof schema.keyResults.$inferInsert;
type LinkRow = typeof objectiveLinks.$inferInsert;

interface LeveledSeed {
  title: string;
  description: string;
  category: string;
  subcategory: string;
  priority: Priority;
  keyResults: readonly string[];
  rollup: 'key_results' | 'children';
}

export const COMPANY_OBJECTIVES: readonly LeveledSeed[] = [
  {
    title: 'Grow recurring revenue by 20 % this year', category: 'Management', subcategory: 'Clients', priority: 'highest',
    description: 'More of our clients on yearly support contracts, and two new product clients.',
    keyResults: ['Sign two new product clients', 'Move five clients to yearly support contracts'], rollup: 'children',
  },
  {
    title: 'Ship the platform release our clients asked for', category: 'Technology', subcategory: 'Development', priority: 'high',
    description: 'Single sign-on, the audit log and the new reports, released to every client.',
    keyResults: ['Release single sign-on', 'Release the audit log', 'Release the new reports'], rollup: 'children',
  },
  {
    title: 'Make Bitstone a place people recommend', category: 'Management', subcategory: 'Team', priority: 'medium',
    description: 'An engagement survey score above 4 and every new colleague with a mentor from day one.',
    keyResults: ['Engagement survey above 4 of 5', 'A mentor for every new colleague'], rollup: 'key_results',
  },
];

/** Two per active team: the first rolls up from its members' objectives and supports both company goals above. */
const TEAM_OBJECTIVES: readonly LeveledSeed[] = [
  {
    title: 'Deliver the half-year roadmap', category: 'Management', subcategory: 'Projects', priority: 'high',
    description: "The team's part of the platform release, on the dates agreed with the clients.",
    keyResults: ['Every roadmap item estimated', 'Each milestone demoed to the client'], rollup: 'children',
  },
  {
    title: 'Raise automated test coverage to 80 %', category: 'Technology', subcategory: 'Testing', priority: 'medium',
    description: 'Fewer regressions reach the clients: tests for every change, and the flaky ones fixed.',
    keyResults: ['Coverage report in every merge request', 'No test flaky for more than a week', 'Coverage at 80 %'], rollup: 'key_results',
  },
];

/** The weight each team's roadmap carries towards the revenue goal (1 for the others). */
const REVENUE_WEIGHTS: Record<string, number> = { Phoenix: 3, Atlas: 2 };

interface PersonalRow { id: number; ownerId: number; teamId: number | null; status: string }
interface KeyResultRef { id: number; objectiveId: number }

export async function insertAlignment(tx: Tx, company: Company, random: Random): Promise<void> {
  const now = company.now;
  const owner = mustGet(company.byUsername, 'owner');
  const teams = [...company.teamIds.keys()]
    .map((name) => ({ name, id: mustGet(company.teamIds, name), lead: company.people.find((p) => p.status === 'active' && p.leadOf.includes(name)) }))
    .filter((t): t is { name: string; id: number; lead: SeededPerson } => t.lead !== undefined);
  const ids = await reserveIds(tx, 'objectives', COMPANY_OBJECTIVES.length + teams.length * TEAM_OBJECTIVES.length);
  const objectives: ObjectiveRow[] = [];
  const keyResults: KeyResultRow[] = [];
  const add = (seed: LeveledSeed, id: number, person: SeededPerson, level: 'company' | 'team', teamId: number | null, deadlineDays: number) => {
    const joined = addDays(parseIsoDate(person.joinDate), 1);
    let createdAt = addDays(now, -random.int(25, 45));
    if (createdAt < joined) createdAt = joined;
    createdAt = new Date(createdAt.getTime() + random.int(9 * 60, 16 * 60) * 60_000);
    const deadline = addDays(now, deadlineDays);
    const row: ObjectiveRow = {
      id, title: seed.title, description: seed.description, status: 'in progress', category: seed.category, subcategory: seed.subcategory,
      priority: seed.priority, deadline: isoDate(deadline), isPublic: level === 'company', authorId: person.id, ownerId: person.id, teamId,
      level, rollupMode: seed.rollup, createdAt, lastModificationDate: createdAt,
    };
    objectives.push(row);
    seed.keyResults.forEach((title, k) => {
      const done = k === 0 && random.chance(0.5);
      keyResults.push({
        objectiveId: id, title, description: seed.description, priority: seed.priority, deadline: isoDate(addDays(deadline, -random.int(0, 30))),
        status: done ? 'completed' : 'in progress', nextStatus: null, ownerId: person.id, authorId: person.id,
        percentage: done ? random.pick([80, 90, 100]) : null, createdAt, lastModificationDate: createdAt,
      });
    });
  };
  const companyIds = COMPANY_OBJECTIVES.map((seed, i) => {
    add(seed, ids[i], owner, 'company', null, 200 + i * 30);
    return ids[i];
  });
  const teamIds = teams.map((team, t) => TEAM_OBJECTIVES.map((seed, k) => {
    const id = ids[COMPANY_OBJECTIVES.length + t * TEAM_OBJECTIVES.length + k];
    add(seed, id, team.lead, 'team', team.id, random.int(90, 170));
    return id;
  }));
  await insertChunked(tx, schema.objectives, objectives);
  await insertChunked(tx, schema.keyResults, keyResults);

  const links: LinkRow[] = [];
  const linkedAt = (objective: ObjectiveRow) => new Date((objective.createdAt as Date).getTime() + random.int(1, 5) * 86_400_000);
  const byId = new Map(objectives.map((o) => [o.id as number, o]));
  const [revenue, release] = companyIds;
  teams.forEach((team, t) => {
    const [roadmap, coverage] = teamIds[t];
    links.push(
      { parentObjectiveId: revenue, childObjectiveId: roadmap, weight: REVENUE_WEIGHTS[team.name] ?? 1, createdAt: linkedAt(mustGet(byId, roadmap)) },
      { parentObjectiveId: release, childObjectiveId: roadmap, createdAt: linkedAt(mustGet(byId, roadmap)) },
      { parentObjectiveId: release, childObjectiveId: coverage, createdAt: linkedAt(mustGet(byId, coverage)) },
    );
  });
  links.push(...await personalLinks(tx, company, teams.map((team, t) => ({ teamId: team.id, parents: teamIds[t] })), random));
  await insertChunked(tx, objectiveLinks, links);
  // the hub's own figures: team roll-ups first, then the company's (recomputeRollups also walks up)
  const rolling = [...teamIds.flat(), ...companyIds].filter((id) => mustGet(byId, id).rollupMode === 'children');
  await recomputeRollups(tx, rolling);
}

/**
 * Each member's objectives in progress or completed support their team's objectives: up to two
 * per member (the first the roadmap, the second test coverage), and for some a key result of a
 * third one supports the roadmap. `member` always links an objective and a key result.
 */
async function personalLinks(
  tx: Tx, company: Company, teams: ReadonlyArray<{ teamId: number; parents: readonly number[] }>, random: Random,
): Promise<LinkRow[]> {
  const personal = rowsOf<PersonalRow>(await tx.execute(sql`
    select id, owner_id as "ownerId", team_id as "teamId", status from objectives
    where level = 'personal' and status in ('in progress', 'completed') order by id`));
  const keyResults = rowsOf<KeyResultRef>(await tx.execute(sql`
    select k.id, k.objective_id as "objectiveId" from key_results k join objectives o on o.id = k.objective_id
    where o.level = 'personal' and o.status = 'in progress' and k.status <> 'deleted' order by k.id`));
  const member = mustGet(company.byUsername, 'member');
  const links: LinkRow[] = [];
  for (const { teamId, parents } of teams) {
    const owners = [...new Set(personal.filter((o) => o.teamId === teamId).map((o) => o.ownerId))];
    for (const ownerId of owners) {
      const mine = random.shuffle(personal.filter((o) => o.teamId === teamId && o.ownerId === ownerId));
      const count = ownerId === member.id ? 2 : random.int(0, 2);
      mine.slice(0, count).forEach((objective, i) => {
        links.push({ parentObjectiveId: parents[i % parents.length], childObjectiveId: objective.id, createdAt: addDays(company.now, -random.int(1, 20)) });
      });
      const third = mine.slice(count).find((o) => keyResults.some((k) => k.objectiveId === o.id));
      const itsKeyResults = third ? keyResults.filter((k) => k.objectiveId === third.id) : [];
      if (third && itsKeyResults.length > 0 && (ownerId === member.id || random.chance(0.3))) {
        links.push({
          parentObjectiveId: parents[0], childObjectiveId: third.id, childKeyResultId: random.pick(itsKeyResults).id,
          createdAt: addDays(company.now, -random.int(1, 20)),
        });
      }
    }
  }
  return links;
}
