import { sql } from 'drizzle-orm';
import {
  OBJECTIVE_CATEGORIES, PRIORITIES, type ObjectiveCategory, type ObjectiveStatus, type Priority,
} from '../../../../shared/rules/constants';
import type { Tx } from '../../client';
import { addDays, isoDate } from '../dates';
import { KEY_RESULT_DESCRIPTIONS, OBJECTIVE_TEXTS, type ObjectiveText } from '../objective-texts';
import type { Random } from '../random';
import { countRows, queryRows, streamRows } from './bulk';
import type { Staff } from './people';
import type { LargeSize } from './size';

// Objectives and their key results: the bulk of the large company.

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

export interface ObjectiveMade {
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

export async function insertObjectives(tx: Tx, staff: Staff, size: LargeSize, now: Date, random: Random): Promise<{ rows: number; made: ObjectiveMade[] }> {
  const demoCount = await countRows(tx, 'objectives');
  const [max] = await queryRows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int as id from objectives`);
  const wanted = staff.owners.length === 0 ? 0 : Math.max(0, size.objectives - demoCount);
  const made: ObjectiveMade[] = [];
  const rows = await streamRows(tx, 'objectives', {
    id: 'int', title: 'text', description: 'text', status: 'text', next_status: 'text', category: 'text', subcategory: 'text',
    priority: 'text', deadline: 'date', is_public: 'bool', author_id: 'int', owner_id: 'int', team_id: 'int',
    created_at: 'timestamptz', last_modification_date: 'timestamptz',
  }, (function* () {
    for (let i = 0; i < wanted; i++) {
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
      yield {
        id: objective.id, title: text.title, description: text.description, status, next_status: nextStatus, category, subcategory,
        priority: objective.priority, deadline: objective.deadline, is_public: random.chance(0.3), author_id: authorId,
        owner_id: owner.id, team_id: owner.teamId, created_at: objective.createdAt, last_modification_date: objective.modifiedAt,
      };
    }
  })());
  return { rows, made };
}

const SCORES: ReadonlyArray<readonly [number, number]> = [[100, 6], [90, 3], [80, 2], [70, 1]];

export async function insertKeyResults(tx: Tx, objectives: ObjectiveMade[], size: LargeSize, random: Random): Promise<number> {
  if (objectives.length === 0) return 0;
  const wanted = Math.max(0, size.keyResults - (await countRows(tx, 'key_results')));
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
  return streamRows(tx, 'key_results', {
    objective_id: 'int', title: 'text', description: 'text', priority: 'text', deadline: 'date', status: 'text',
    owner_id: 'int', author_id: 'int', percentage: 'int', created_at: 'timestamptz', last_modification_date: 'timestamptz',
  }, (function* () {
    for (const [o, objective] of objectives.entries()) {
      for (let k = 0; k < counts[o]; k++) {
        const done = objective.allDone || random.chance(0.4);
        const deleted = !done && objective.status === 'in progress' && random.chance(0.05);
        yield {
          objective_id: objective.id, title: objective.keyResults[k % objective.keyResults.length], description: random.pick(KEY_RESULT_DESCRIPTIONS),
          priority: objective.priority, deadline: objective.deadline, status: deleted ? 'deleted' : done ? 'completed' : 'in progress',
          owner_id: objective.ownerId, author_id: objective.authorId, percentage: done ? random.weighted(SCORES) : null,
          created_at: objective.createdAt, last_modification_date: objective.modifiedAt,
        };
      }
    }
  })());
}
