import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { isoDay } from '../../../shared/rules/dates';
import type { NotificationKind } from '../../../shared/api/notifications';
import { listApprovals } from '../../features/objectives';
import { NOTIFICATION_LINKS } from '../../features/notifications';
import { loadSessionUser } from '../../features/auth';
import type { Tx } from '../client';
import { evaluations, objectives } from '../schema';
import { notifications } from '../../features/notifications';
import type { Company } from './people';

// The demo's lead, member and manager open the hub to a few unread notifications
// that point at real rows (their approvals list, the member's objectives and evaluation).

interface SeedRow {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  hoursAgo: number;
  read?: boolean;
}

async function approvalRequests(tx: Tx, username: string, company: Company, limit: number): Promise<SeedRow[]> {
  const person = company.byUsername.get(username);
  const loaded = person ? await loadSessionUser(tx, person.id) : null;
  if (!person || !loaded) return [];
  const waiting = (await listApprovals(tx, loaded.user)).slice(-limit);
  return waiting.map((row, i) => ({
    userId: person.id, kind: 'approval_requested', title: 'Objective waiting for your approval',
    body: `${row.name} asks to ${row.nextStatus === 'deleted' ? 'delete' : 'complete'} "${row.objective}".`,
    link: NOTIFICATION_LINKS.approvals, hoursAgo: 2 + i * 5,
  }));
}

async function memberRows(tx: Tx, company: Company): Promise<SeedRow[]> {
  const member = company.byUsername.get('member');
  const lead = company.byUsername.get('lead');
  if (!member) return [];
  const rows: SeedRow[] = [];
  const [done] = await tx.select({ id: objectives.id, title: objectives.title }).from(objectives)
    .where(and(eq(objectives.ownerId, member.id), eq(objectives.status, 'completed'))).orderBy(desc(objectives.lastModificationDate)).limit(1);
  if (done) {
    rows.push({
      userId: member.id, kind: 'objective_approved', title: 'Objective approved', body: `${lead?.name ?? 'Your team lead'} approved completing "${done.title}".`,
      link: NOTIFICATION_LINKS.objective(done.id), hoursAgo: 3,
    });
  }
  // the member's next deadline, or (all passed) the latest one missed: due soon or overdue, as the job would say
  const today = isoDay(company.now);
  const open = and(eq(objectives.ownerId, member.id), eq(objectives.status, 'in progress'));
  const [next] = await tx.select({ id: objectives.id, title: objectives.title, deadline: objectives.deadline }).from(objectives)
    .where(and(open, gte(objectives.deadline, today))).orderBy(asc(objectives.deadline)).limit(1);
  const [missed] = next ? [] : await tx.select({ id: objectives.id, title: objectives.title, deadline: objectives.deadline }).from(objectives)
    .where(and(open, lt(objectives.deadline, today))).orderBy(desc(objectives.deadline)).limit(1);
  if (next) {
    rows.push({
      userId: member.id, kind: 'objective_due_soon', title: 'Objective due soon', body: `"${next.title}" is due on ${next.deadline}.`,
      link: NOTIFICATION_LINKS.objective(next.id), hoursAgo: 20,
    });
  } else if (missed) {
    rows.push({
      userId: member.id, kind: 'objective_overdue', title: 'Objective overdue', body: `"${missed.title}" was due on ${missed.deadline}.`,
      link: NOTIFICATION_LINKS.objective(missed.id), hoursAgo: 20,
    });
  }
  const [evaluation] = await tx.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.userId, member.id)).limit(1);
  if (evaluation) {
    rows.push({
      userId: member.id, kind: 'evaluation_created', title: 'New evaluation', body: `${lead?.name ?? 'Your team lead'} wrote an evaluation about you.`,
      link: NOTIFICATION_LINKS.evaluations(member.id), hoursAgo: 50, read: true,
    });
  }
  return rows;
}

function checkIn(company: Company, username: string, hoursAgo: number, read: boolean): SeedRow[] {
  const person = company.byUsername.get(username);
  if (!person) return [];
  return [{
    userId: person.id, kind: 'check_in_reminder', title: 'Weekly check-in', body: "Record this week's progress on your objectives in progress.",
    link: NOTIFICATION_LINKS.objectives, hoursAgo, read,
  }];
}

export async function insertNotifications(tx: Tx, company: Company): Promise<void> {
  const rows = [
    ...(await approvalRequests(tx, 'lead', company, 2)),
    ...(await approvalRequests(tx, 'manager', company, 3)),
    ...(await memberRows(tx, company)),
    ...checkIn(company, 'member', 30, false),
    ...checkIn(company, 'lead', 30, true),
    ...checkIn(company, 'manager', 30, true),
  ];
  if (rows.length === 0) return;
  const at = (hours: number) => new Date(company.now.getTime() - hours * 3_600_000);
  await tx.insert(notifications).values(
    rows.map((r) => ({
      userId: r.userId, kind: r.kind, title: r.title, body: r.body, link: r.link,
      createdAt: at(r.hoursAgo), readAt: r.read ? at(r.hoursAgo - 1) : null,
    })),
  );
}
