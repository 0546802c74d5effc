import {
  OBJECTIVE_CATEGORIES, PRIORITIES, type ObjectiveCategory, type ObjectiveStatus, type Priority,
} from '../../../shared/rules/constants';
import type { Tx } from '../client';
import * as schema from '../schema';
import { JOB } from './catalog';
import { addDays, isoDate, parseIsoDate } from './dates';
import { insertChunked, reserveIds } from './insert';
import { KEY_RESULT_DESCRIPTIONS, OBJECTIVE_TEXTS } from './objective-texts';
import { mustGet, type Company, type SeededPerson } from './people';
import type { Random } from './random';

// objective-tracking §3/§4: objectives with key results across every status, deadlines from
// nine months ago to six months ahead (so some are overdue), authored by the owner or their lead.

type ObjectiveRow = typeof schema.objectives.$inferInsert;
type KeyResultRow = typeof schema.keyResults.$inferInsert;

const STATUS_WEIGHTS: ReadonlyArray<readonly [ObjectiveStatus, number]> = [
  ['in progress', 40], ['completed', 33], ['archived', 10], ['waiting for approval', 9], ['deleted', 8],
];
/** `member` and `lead` own several objectives in every status (design §5 demo users). */
const SHOWCASE: readonly ObjectiveStatus[] = [
  'in progress', 'in progress', 'in progress', 'in progress', 'completed', 'completed', 'completed',
  'archived', 'archived', 'waiting for approval', 'waiting for approval', 'waiting for approval', 'deleted', 'deleted',
];
const PRIORITY_WEIGHTS: ReadonlyArray<readonly [Priority, number]> = PRIORITIES.map((p, i) => [p, [1, 3, 5, 3, 1][i]] as const);
export const MIN_OBJECTIVES = 330;

/** Days from now of the deadline window per status: completed work lies mostly in the past. */
const DEADLINE_WINDOW: Record<ObjectiveStatus, readonly [number, number]> = {
  'in progress': [-60, 180],
  completed: [-270, 45],
  archived: [-270, -30],
  'waiting for approval': [-30, 90],
  deleted: [-180, 120],
};

export async function insertObjectives(tx: Tx, company: Company, random: Random): Promise<void> {
  const owners = company.people.filter((p) => p.status === 'active' && p.registered && p.teams.length > 0 && p.username !== 'guest');
  const plan: Array<{ owner: SeededPerson; status: ObjectiveStatus }> = [];
  for (const owner of owners) {
    const showcase = owner.username === 'member' || owner.username === 'lead';
    const statuses = showcase ? SHOWCASE : Array.from({ length: random.int(5, 8) }, () => random.weighted(STATUS_WEIGHTS));
    for (const status of statuses) plan.push({ owner, status });
  }
  while (plan.length < MIN_OBJECTIVES) plan.push({ owner: random.pick(owners), status: random.weighted(STATUS_WEIGHTS) });
  const ids = await reserveIds(tx, 'objectives', plan.length);
  const objectives: ObjectiveRow[] = [];
  const keyResults: KeyResultRow[] = [];
  const titlesOf = new Map<string, Set<string>>();
  plan.forEach(({ owner, status }, i) => {
    const used = titlesOf.get(owner.username) ?? new Set<string>();
    titlesOf.set(owner.username, used);
    const objective = buildObjective(ids[i], owner, status, company, random, used);
    objectives.push(objective);
    keyResults.push(...buildKeyResults(ids[i], objective, status, company.now, random));
  });
  await insertChunked(tx, schema.objectives, objectives);
  await insertChunked(tx, schema.keyResults, keyResults);
}

function buildObjective(
  id: number, owner: SeededPerson, status: ObjectiveStatus, company: Company, random: Random, used: Set<string>,
): ObjectiveRow {
  // A person rarely has the same objective twice: draw again a few times on a repeat.
  let category = pickCategory(owner, random);
  let subcategory = random.pick(Object.keys(OBJECTIVE_TEXTS[category]));
  let text = random.pick(OBJECTIVE_TEXTS[category][subcategory]);
  for (let tries = 0; used.has(text.title) && tries < 8; tries++) {
    category = pickCategory(owner, random);
    subcategory = random.pick(Object.keys(OBJECTIVE_TEXTS[category]));
    text = random.pick(OBJECTIVE_TEXTS[category][subcategory]);
  }
  used.add(text.title);
  const now = company.now;
  const [earliest, latest] = DEADLINE_WINDOW[status];
  let deadline = addDays(now, random.int(earliest, latest));
  // Created before the deadline and before now, but not before the owner joined.
  const joined = addDays(parseIsoDate(owner.joinDate), 1);
  let createdAt = new Date(Math.min(addDays(deadline, -random.int(20, 150)).getTime(), addDays(now, -random.int(1, 40)).getTime()));
  if (createdAt < joined) createdAt = joined;
  if (deadline <= createdAt) deadline = addDays(createdAt, random.int(14, 60));
  createdAt = new Date(createdAt.getTime() + random.int(8 * 60, 17 * 60) * 60_000);
  const lead = owner.teamlead ? company.byUsername.get(owner.teamlead) : undefined;
  const author = lead && random.chance(0.35) ? lead : owner;
  const modifiedAt = new Date(createdAt.getTime() + random.next() * (now.getTime() - createdAt.getTime()));
  return {
    id, title: text.title, description: text.description, status, nextStatus: nextStatusOf(status, random),
    category, subcategory, priority: random.weighted(PRIORITY_WEIGHTS), deadline: isoDate(deadline),
    isPublic: random.chance(0.3), authorId: author.id, ownerId: owner.id, teamId: mustGet(company.teamIds, owner.teams[0]),
    createdAt, lastModificationDate: modifiedAt,
  };
}

function pickCategory(owner: SeededPerson, random: Random): ObjectiveCategory {
  const leads = owner.leadOf.length > 0 || owner.manages.length > 0 || owner.job === JOB.projectManager;
  const category = random.weighted<ObjectiveCategory>([['Technology', leads ? 25 : 50], ['Management', leads ? 35 : 5], ['Soft Skills', 20], ['Personal', 15]]);
  // The texts cover every category of the rules; guard against the two drifting apart.
  if (!(category in OBJECTIVE_CATEGORIES)) throw new Error(`unknown category ${category}`);
  return category;
}

/** design §3 and objective-tracking §4: archive remembers the previous status; a pending
 *  request says whether completion or deletion was asked for. */
function nextStatusOf(status: ObjectiveStatus, random: Random): string | null {
  if (status === 'archived') return random.chance(0.8) ? 'completed' : 'in progress';
  if (status === 'waiting for approval') return random.chance(0.7) ? 'completed' : 'deleted';
  return null;
}

const SCORES: ReadonlyArray<readonly [number, number]> = [[100, 6], [90, 3], [80, 2], [70, 1]];

function buildKeyResults(objectiveId: number, objective: ObjectiveRow, status: ObjectiveStatus, now: Date, random: Random): KeyResultRow[] {
  const text = Object.values(OBJECTIVE_TEXTS[objective.category as ObjectiveCategory]).flat().find((t) => t.title === objective.title);
  const titles = random.sample(text?.keyResults ?? ['Agree the plan'], random.int(1, 5));
  const created = objective.createdAt ?? now;
  const deadline = parseIsoDate(objective.deadline);
  const span = Math.max(0, Math.floor((deadline.getTime() - created.getTime()) / 86_400_000));
  // A completed objective (or one completed before it was archived or sent for approval) has
  // only completed key results; the others mix done and open work.
  const allDone = status === 'completed' || objective.nextStatus === 'completed';
  return titles.map((title, i) => {
    const done = allDone || random.chance(0.4);
    const deleted = !done && status === 'in progress' && random.chance(0.05);
    const krDeadline = span === 0 ? deadline : addDays(deadline, -random.int(0, Math.min(span, Math.round(span * (1 - i / titles.length)))));
    return {
      objectiveId, title, description: random.pick(KEY_RESULT_DESCRIPTIONS), priority: objective.priority,
      deadline: isoDate(krDeadline), status: deleted ? 'deleted' : done ? 'completed' : 'in progress', nextStatus: null,
      ownerId: objective.ownerId, authorId: objective.authorId, percentage: done ? random.weighted(SCORES) : null,
      createdAt: created, lastModificationDate: objective.lastModificationDate ?? created,
    };
  });
}
