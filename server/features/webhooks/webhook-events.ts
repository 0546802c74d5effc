import type { WebhookEvent } from '../../../shared/api/webhooks';
import type { DbOrTx } from '../../db/client';
import { nameOf, NOTIFICATION_LINKS } from '../notifications';
import { queueWebhooks, type WebhookSubject } from './webhook-queue';

// The events the services tell, in their own transaction, worded once here: what of an objective
// a payload carries (id, title, status, a link; privacy decided per endpoint by webhook-queue.ts).

interface ObjectiveLike {
  id: number;
  title: string;
  status: string;
  isPublic: boolean;
}

export const objectiveSubject = (o: ObjectiveLike, status = o.status): WebhookSubject => ({
  type: 'objective', id: o.id, title: o.title, status, path: NOTIFICATION_LINKS.objective(o.id), private: !o.isPublic,
});

const actorOf = async (tx: DbOrTx, actorId: number | null) => (actorId === null ? null : { id: actorId, name: await nameOf(tx, actorId) });

/** objective.created, .changed, .deleted, approval.requested and .decided: the objective as it now is. */
export async function tellObjective(tx: DbOrTx, event: WebhookEvent, objective: ObjectiveLike, actorId: number | null, status?: string): Promise<void> {
  await queueWebhooks(tx, event, { subject: objectiveSubject(objective, status), actor: await actorOf(tx, actorId) });
}

/** objective.status_changed: from one status to another (nothing when it stayed). */
export async function tellStatusChange(tx: DbOrTx, objective: ObjectiveLike, previousStatus: string, actorId: number | null): Promise<void> {
  if (objective.status === previousStatus) return;
  await queueWebhooks(tx, 'objective.status_changed', { subject: objectiveSubject(objective), actor: await actorOf(tx, actorId), previousStatus });
}

/** key_result.completed and check_in.added: the thing, and the objective it belongs to (private with it). */
export async function tellOfObjective(tx: DbOrTx, event: WebhookEvent, subject: Omit<WebhookSubject, 'private' | 'path'>, objective: ObjectiveLike, actorId: number): Promise<void> {
  const of = objectiveSubject(objective);
  await queueWebhooks(tx, event, { subject: { ...subject, path: of.path, private: of.private }, objective: of, actor: await actorOf(tx, actorId) });
}

/** evaluation.created: which evaluation, by whom, and a link; never what it says. */
export async function tellEvaluation(tx: DbOrTx, evaluationId: number, employeeId: number, actorId: number): Promise<void> {
  await queueWebhooks(tx, 'evaluation.created', { subject: { type: 'evaluation', id: evaluationId, path: NOTIFICATION_LINKS.evaluations(employeeId) }, actor: await actorOf(tx, actorId) });
}

/** person.joined, .changed, .archived: who (id and name, nothing of their personal data) and by whom. */
export async function tellPerson(tx: DbOrTx, event: 'person.joined' | 'person.changed' | 'person.archived', userId: number, actorId: number): Promise<void> {
  await queueWebhooks(tx, event, { subject: { type: 'person', id: userId, title: await nameOf(tx, userId), path: NOTIFICATION_LINKS.evaluations(userId) }, actor: await actorOf(tx, actorId) });
}
