import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EMPLOYEE_NOT_FOUND, EVALUATION_NOT_FOUND, type EmployeeSummary, type Evaluation, type EvaluationForm } from '../../../shared/api/evaluations';
import type { SessionUser } from '../../../shared/api/users';
import { canReadEvaluationsOf, canWriteEvaluationFor } from '../../../shared/rules/evaluation-access';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { evaluations, users } from '../../db/schema';
import { forbidden, notFound } from '../../http-errors';
import { queueEmails } from '../email';
import { nameOf, notifyEvaluationCreated } from '../notifications';
import { loadSessionUser } from '../auth';
import { tellEvaluation } from '../webhooks';

// objective-tracking §3/§6/§7: evaluations of one employee. Every call resolves the evaluated
// person first, so the read and write rules (shared/rules/evaluation-access.ts) see their teams.

const author = alias(users, 'author');
const person = alias(users, 'person');

export function employeeSummary(user: SessionUser): EmployeeSummary {
  const { id, name, email, imagePath, job, team, teamlead, joinDate } = user;
  return { id, name, email, imagePath, job, team, teamlead, joinDate };
}

/** The active employee, or 404; then the caller must be allowed to read (403 otherwise). */
export async function readableEmployee(db: DbOrTx, actor: Actor, userId: number): Promise<SessionUser> {
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) throw notFound(EMPLOYEE_NOT_FOUND);
  if (!canReadEvaluationsOf(actor, loaded.user)) throw forbidden();
  return loaded.user;
}

async function writableEmployee(db: DbOrTx, actor: Actor, userId: number): Promise<SessionUser> {
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) throw notFound(EMPLOYEE_NOT_FOUND);
  if (!canWriteEvaluationFor(actor, loaded.user)) throw forbidden();
  return loaded.user;
}

function select(db: DbOrTx) {
  return db
    .select({ row: evaluations, authorName: author.name, personName: person.name })
    .from(evaluations)
    .innerJoin(author, eq(author.id, evaluations.authorId))
    .innerJoin(person, eq(person.id, evaluations.userId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function shape({ row, authorName, personName }: Selected): Evaluation {
  const { id, userId, authorId, createdAt, ...values } = row;
  return { id, user: { id: userId, name: personName }, author: { id: authorId, name: authorName }, createdAt: createdAt.toISOString(), ...values };
}

export async function evaluationsOf(db: DbOrTx, userId: number): Promise<Evaluation[]> {
  const rows = await select(db).where(eq(evaluations.userId, userId)).orderBy(desc(evaluations.createdAt), desc(evaluations.id));
  return rows.map(shape);
}

async function evaluationOr404(db: DbOrTx, id: number): Promise<Evaluation> {
  const [row] = await select(db).where(eq(evaluations.id, id)).limit(1);
  if (!row) throw notFound(EVALUATION_NOT_FOUND);
  return shape(row);
}

export async function createEvaluation(db: DbOrTx, actor: Actor, userId: number, values: EvaluationForm): Promise<Evaluation> {
  await writableEmployee(db, actor, userId);
  // the employee's notification commits with the evaluation or not at all
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(evaluations).values({ ...values, userId, authorId: actor.id }).returning({ id: evaluations.id });
    await notifyEvaluationCreated(tx, userId, actor.id);
    await tellEvaluation(tx, row.id, userId, actor.id);
    // what it says stays on the hub: the e-mail names the author and links to the evaluations
    await queueEmails(tx, 'evaluation_created', [userId], { author: await nameOf(tx, actor.id), employeeId: userId }, { actorId: actor.id, settingKind: 'evaluation_created' });
    return row.id;
  });
  return evaluationOr404(db, id);
}

export async function updateEvaluation(db: DbOrTx, actor: Actor, id: number, values: EvaluationForm): Promise<Evaluation> {
  const current = await evaluationOr404(db, id);
  await writableEmployee(db, actor, current.user.id);
  await db.update(evaluations).set(values).where(eq(evaluations.id, id));
  return evaluationOr404(db, id);
}

export async function deleteEvaluation(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  const current = await evaluationOr404(db, id);
  await writableEmployee(db, actor, current.user.id);
  await db.delete(evaluations).where(eq(evaluations.id, id));
}
