import { and, eq, inArray } from 'drizzle-orm';
import type { Confidence } from '../../../shared/rules/check-ins';
import { FINAL_CHECK_IN_COMMENT } from '../../features/objectives';
import type { Tx } from '../client';
import * as schema from '../schema';
import { keyResultCheckIns } from '../../features/objectives';
import { addDays, startOfDay } from './dates';
import { insertChunked } from './insert';
import type { Company } from './people';
import type { Random } from './random';

// Check-ins: a team lead follows key results week by week. Most open key results of open
// objectives get a weekly history (up to 12 weeks, never before the key result existed), drifting
// the way real work does: most stay on track, some slip to at risk, a few go off track. Their
// completed siblings end with the final check-in that completion records.

type CheckInRow = typeof keyResultCheckIns.$inferInsert;

const MAX_WEEKS = 12;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** How a key result's weeks go: its weekly gain and the confidence it drifts to. */
type Course = 'steady' | 'slipping' | 'failing';
const COURSES: ReadonlyArray<readonly [Course, number]> = [['steady', 60], ['slipping', 25], ['failing', 15]];

const COMMENTS: Record<Confidence, readonly string[]> = {
  on_track: [
    'Good week, the plan holds.', 'Finished the next milestone.', 'Reviewed with the team; no blockers.', 'Ahead of the weekly target.',
    'Steady progress, demo on Friday.', '',
  ],
  at_risk: [
    'Waiting on another team for the test environment.', 'Two people out sick this week.', 'Scope grew after the client call.',
    'Slower than planned; will re-plan with the lead.', '',
  ],
  off_track: [
    'Blocked: the vendor has not delivered.', 'Priorities changed; this is on hold for now.', 'The approach did not work, starting over.',
  ],
};

function confidenceOf(course: Course, week: number, weeks: number, random: Random): Confidence {
  const late = week / Math.max(1, weeks - 1);
  if (course === 'steady') return random.chance(0.1) ? 'at_risk' : 'on_track';
  if (course === 'slipping') return late > 0.5 ? (random.chance(0.75) ? 'at_risk' : 'on_track') : random.chance(0.2) ? 'at_risk' : 'on_track';
  return late > 0.6 ? 'off_track' : late > 0.3 ? 'at_risk' : 'on_track';
}

function history(kr: { id: number; createdAt: Date }, authors: readonly number[], now: Date, random: Random): CheckInRow[] {
  const age = Math.floor((now.getTime() - kr.createdAt.getTime()) / (7 * 24 * HOUR_MS));
  const weeks = Math.min(MAX_WEEKS, age, random.int(3, MAX_WEEKS));
  if (weeks < 1) return [];
  const course = random.weighted(COURSES);
  const gain = course === 'steady' ? [4, 11] : course === 'slipping' ? [1, 7] : [0, 4];
  const rows: CheckInRow[] = [];
  let percent = random.int(0, 10);
  for (let week = 0; week < weeks; week++) {
    percent = Math.min(95, percent + random.int(gain[0], gain[1]));
    // a failing key result sometimes loses ground (work thrown away)
    if (course === 'failing' && random.chance(0.2)) percent = Math.max(0, percent - random.int(3, 10));
    const confidence = confidenceOf(course, week, weeks, random);
    // weekly, in office hours, the newest within the last week
    const day = startOfDay(addDays(now, -7 * (weeks - week) + random.int(1, 5)));
    const at = new Date(day.getTime() + random.int(9, 16) * HOUR_MS + random.int(0, 59) * MINUTE_MS);
    rows.push({ keyResultId: kr.id, percent, confidence, comment: random.pick(COMMENTS[confidence]), authorId: random.pick(authors), createdAt: at < now ? at : now });
  }
  return rows;
}

export async function insertCheckIns(tx: Tx, company: Company, random: Random): Promise<void> {
  const rows = await tx
    .select({
      id: schema.keyResults.id, status: schema.keyResults.status, percentage: schema.keyResults.percentage, createdAt: schema.keyResults.createdAt,
      lastModificationDate: schema.keyResults.lastModificationDate, ownerId: schema.objectives.ownerId, authorId: schema.objectives.authorId,
    })
    .from(schema.keyResults)
    .innerJoin(schema.objectives, eq(schema.objectives.id, schema.keyResults.objectiveId))
    .where(and(inArray(schema.objectives.status, ['in progress', 'waiting for approval']), inArray(schema.keyResults.status, ['in progress', 'completed'])))
    .orderBy(schema.keyResults.id);
  const showcase = new Set(['member', 'lead'].map((u) => company.byUsername.get(u)?.id));
  const checkIns: CheckInRow[] = [];
  for (const kr of rows) {
    // mostly the owner; now and then their lead (the objective's author) checks in for them
    const authors = kr.authorId === kr.ownerId ? [kr.ownerId] : [kr.ownerId, kr.ownerId, kr.ownerId, kr.authorId];
    if (kr.status === 'completed') {
      checkIns.push({ keyResultId: kr.id, percent: kr.percentage ?? 100, confidence: 'on_track', comment: FINAL_CHECK_IN_COMMENT, authorId: kr.ownerId, createdAt: kr.lastModificationDate });
      continue;
    }
    // the demo users' key results always have a history; the rest of the company mostly does
    if (showcase.has(kr.ownerId) || random.chance(0.8)) checkIns.push(...history(kr, authors, company.now, random));
  }
  await insertChunked(tx, keyResultCheckIns, checkIns);
}
