import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { notify } from './notifications';

// Where notifications point, and the events of people (an evaluation). The objectives' own events
// (an approval asked and decided) are in approval-notices.ts, beside the objectives they read.
// Each function runs inside the event's transaction.

export const NOTIFICATION_LINKS = {
  approvals: '/objective-tracking/approvals',
  objectives: '/objective-tracking/objectives',
  objective: (id: number) => `/objective-tracking/objective-details?id=${id}`,
  evaluations: (userId: number) => `/objective-tracking/employee-details?id=${userId}`,
  webhooks: '/admin?tab=webhooks',
} as const;

/** A person's name as a notification says it ('Someone' for a row gone since). */
export async function nameOf(tx: DbOrTx, userId: number): Promise<string> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? 'Someone';
}

/** A new evaluation: the evaluated employee may read their own (evaluation-access.ts). */
export async function notifyEvaluationCreated(tx: DbOrTx, employeeId: number, authorId: number): Promise<void> {
  const who = await nameOf(tx, authorId);
  await notify(
    tx,
    [employeeId],
    { kind: 'evaluation_created', title: 'New evaluation', body: `${who} wrote an evaluation about you.`, link: NOTIFICATION_LINKS.evaluations(employeeId) },
    authorId,
  );
}
