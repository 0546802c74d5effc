import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CheckIn, CheckInCreate, CheckInList } from '../../../shared/api/check-ins';
import { checkInRefusal, OPEN_OBJECTIVE_STATUSES, RISKY_CONFIDENCES, type Confidence } from '../../../shared/rules/check-ins';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { keyResults, objectives, teams, users } from '../../db/schema';
import { keyResultCheckIns, type CheckInRecord } from './check-ins-schema';
import { forbidden } from '../../http-errors';
import { findKeyResult, teamIdsOf, type ObjectiveRecord } from './objectives-read';
import { objectiveRef } from './objectives-scope';
import { refreshRollupsAbove } from '../alignment';
import { tellOfObjective } from '../webhooks';

// Check-ins on a key result. Seen by whoever sees the key result; recorded under the
// objective's read-only rule (spec §6) while the work is open. Completion adds the final one.

type KeyResultRecord = typeof keyResults.$inferSelect;

async function refusalFor(db: DbOrTx, actor: Actor, kr: KeyResultRecord, objective: ObjectiveRecord): Promise<string | null> {
  const ref = objectiveRef(objective, await teamIdsOf(db, objective.ownerId));
  return checkInRefusal(actor, { objective: { ...ref, status: objective.status }, keyResult: kr });
}

function shape(row: CheckInRecord, authorName: string | null): CheckIn {
  return {
    id: row.id,
    keyResultId: row.keyResultId,
    percent: row.percent,
    confidence: row.confidence,
    comment: row.comment,
    author: { id: row.authorId, name: authorName ?? 'Unknown' },
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /key-result/:id/check-ins: the whole history, newest first, and whether the caller may add one. */
export async function listCheckIns(db: DbOrTx, actor: Actor, keyResultId: number): Promise<CheckInList> {
  const { kr, objective } = await findKeyResult(db, actor, keyResultId);
  const [rows, refusal] = await Promise.all([
    db
      .select({ checkIn: keyResultCheckIns, authorName: users.name })
      .from(keyResultCheckIns)
      .leftJoin(users, eq(users.id, keyResultCheckIns.authorId))
      .where(eq(keyResultCheckIns.keyResultId, keyResultId))
      .orderBy(desc(keyResultCheckIns.createdAt), desc(keyResultCheckIns.id)),
    refusalFor(db, actor, kr, objective),
  ]);
  return { items: rows.map((r) => shape(r.checkIn, r.authorName)), canCheckIn: refusal === null, refusal };
}

/** POST /key-result/:id/check-ins. */
export async function createCheckIn(db: Db, actor: Actor, keyResultId: number, input: CheckInCreate): Promise<CheckIn> {
  return db.transaction(async (tx) => {
    const found = await findKeyResult(tx, actor, keyResultId);
    // Locked like an edit, so a check-in never lands after a completion or archive it raced with.
    const [objective] = await tx.select().from(objectives).where(eq(objectives.id, found.objective.id)).for('update');
    const [kr] = await tx.select().from(keyResults).where(eq(keyResults.id, keyResultId)).limit(1);
    const refusal = await refusalFor(tx, actor, kr, objective);
    if (refusal) throw forbidden(refusal);
    const [row] = await tx
      .insert(keyResultCheckIns)
      .values({ keyResultId, percent: input.percent, confidence: input.confidence, comment: (input.comment ?? '').trim(), authorId: actor.id })
      .returning();
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id)).limit(1);
    // the check-in moves the objective's progress, and the roll-ups above it
    await refreshRollupsAbove(tx, [objective.id]);
    await tellOfObjective(tx, 'check_in.added', { type: 'check_in', id: row.id, status: row.confidence }, objective, actor.id);
    return shape(row, author?.name ?? null);
  });
}

export const FINAL_CHECK_IN_COMMENT = 'Completed';

/** Completing a key result closes its history with the score, in the completing transaction. */
export async function recordFinalCheckIn(tx: DbOrTx, keyResultId: number, score: number, authorId: number, now: Date): Promise<void> {
  await tx.insert(keyResultCheckIns).values({
    keyResultId, percent: score, confidence: 'on_track' satisfies Confidence, comment: FINAL_CHECK_IN_COMMENT, authorId, createdAt: now,
  });
}

const risky = sql.join(RISKY_CONFIDENCES.map((c) => sql`${c}`), sql`, `);
const openObjective = sql.join(OPEN_OBJECTIVE_STATUSES.map((s) => sql`${s}`), sql`, `);

/**
 * Statistics: per team of the objectives in scope, the key results still in progress, of an
 * objective still open, whose latest check-in is at risk or off track. `where` is the statistics
 * scope over objectives.
 */
export async function atRiskByTeam(db: DbOrTx, where: SQL): Promise<Map<number, { atRisk: number; offTrack: number }>> {
  const result = await db.execute(sql`
    select t.id,
      count(*) filter (where lc.confidence in (${risky}))::int as "atRisk",
      count(*) filter (where lc.confidence = 'off_track')::int as "offTrack"
    from (
      -- The latest check-in of each key result in one ordered pass over the check-ins index:
      -- a lookup per key result in scope took seconds on the large company.
      select distinct on (c.key_result_id) c.key_result_id, c.confidence
      from ${keyResultCheckIns} c order by c.key_result_id, c.created_at desc, c.id desc
    ) lc
    join ${keyResults} k on k.id = lc.key_result_id and k.status = 'in progress'
    join ${objectives} on ${objectives.id} = k.objective_id and ${objectives.status} in (${openObjective})
    join ${teams} t on t.id = ${objectives.teamId}
    where ${where} group by t.id`);
  return new Map(rowsOf<{ id: number; atRisk: number; offTrack: number }>(result).map((r) => [r.id, { atRisk: r.atRisk, offTrack: r.offTrack }]));
}
