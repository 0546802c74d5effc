import { and, asc, eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminJob, type JobBody } from '../../../shared/api/admin';
import { DELETE_BLOCKED, NAME_MESSAGES } from '../../../shared/rules/people-messages';
import type { Db, DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { jobs, users } from '../../db/schema';
import { HttpError, notFound } from '../../http-errors';
import { assertNameFree, withUniqueName } from './admin-names';
import { recordAudit } from '../audit';

// The Roles (jobs) tab: spec §5 "Jobs use the same rule and message" as teams, §6 a job held by
// members cannot be deleted, §4 jobs are deleted permanently.

// qualified(): in a single-table select Drizzle renders ${jobs.id} unqualified, which the
// subquery reads as u.id (every count was 0 but by chance).
const activeHolders = sql<number>`(select count(*)::int from ${users} u where u.job_id = ${qualified(jobs.id)} and u.status = 'active')`;

export async function listJobs(db: DbOrTx): Promise<AdminJob[]> {
  const rows = await db.select({ id: jobs.id, name: jobs.name, members: activeHolders }).from(jobs).orderBy(asc(jobs.name));
  return rows.map((r) => ({ ...r, members: Number(r.members) }));
}

async function jobById(db: DbOrTx, id: number): Promise<AdminJob | undefined> {
  const [row] = await db.select({ id: jobs.id, name: jobs.name, members: activeHolders }).from(jobs).where(eq(jobs.id, id));
  return row && { ...row, members: Number(row.members) };
}

export async function createJob(db: Db, actorId: number, body: JobBody): Promise<AdminJob> {
  return withUniqueName(NAME_MESSAGES.teamExists, () => db.transaction(async (tx) => {
    await assertNameFree(tx, 'job', body.name, NAME_MESSAGES.teamExists);
    const [row] = await tx.insert(jobs).values({ name: body.name }).returning();
    await recordAudit(tx, actorId, { entity: 'job', entityId: row.id, action: 'create', after: row });
    return { ...row, members: 0 };
  }));
}

export async function updateJob(db: Db, actorId: number, id: number, body: JobBody): Promise<AdminJob> {
  return withUniqueName(NAME_MESSAGES.teamExists, () => db.transaction(async (tx) => {
    const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!before) throw notFound(ADMIN_MESSAGES.jobNotFound);
    await assertNameFree(tx, 'job', body.name, NAME_MESSAGES.teamExists, id);
    const [row] = await tx.update(jobs).set({ name: body.name }).where(eq(jobs.id, id)).returning();
    await recordAudit(tx, actorId, { entity: 'job', entityId: id, action: 'update', before, after: row });
    return (await jobById(tx, id)) as AdminJob;
  }));
}

/**
 * 409 with the spec §8 text while an active member holds the job. Archived members who still
 * name it lose it (the row is gone for good), and the audit row lists who they were.
 */
export async function deleteJob(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!job) throw notFound(ADMIN_MESSAGES.jobNotFound);
    const holders = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.jobId, id));
    if (holders.some((h) => h.status === 'active')) throw new HttpError(409, [{ message: DELETE_BLOCKED.job(job.name) }]);
    if (holders.length) await tx.update(users).set({ jobId: null }).where(and(eq(users.jobId, id), eq(users.status, 'deleted')));
    await tx.delete(jobs).where(eq(jobs.id, id));
    await recordAudit(tx, actorId, { entity: 'job', entityId: id, action: 'delete', before: { ...job, archivedHolders: holders.map((h) => h.id) } });
  });
}
