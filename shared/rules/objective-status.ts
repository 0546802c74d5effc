import type { ObjectiveStatus } from './constants';
import { actsWithoutApprovalAt, levelOf } from './objective-levels';
import type { Actor } from './session-user';

// objective-tracking §4: the card menu per status and what each action does.

export const OBJECTIVE_ACTIONS = ['complete', 'archive', 'restore', 'delete'] as const;
export type ObjectiveAction = (typeof OBJECTIVE_ACTIONS)[number];
export const ACTION_LABELS: Record<ObjectiveAction, string> = {
  complete: 'Complete',
  archive: 'Archive',
  restore: 'Restore',
  delete: 'Delete',
};

export interface StatusSubject {
  status: ObjectiveStatus | string;
  nextStatus: string | null;
  ownerId: number;
  /** approval is by the level above ('personal' when missing) */
  level?: string | null;
}

/** Which actions the status menu offers (§4 table). `page` distinguishes the details page variants. */
export function availableActions(actor: Actor, o: StatusSubject, page: 'list' | 'details' = 'list'): ObjectiveAction[] {
  switch (o.status) {
    case 'in progress':
      // a team lead looking at someone else's objective may only delete it
      if (actor.isTeamLead && o.ownerId !== actor.id) return ['delete'];
      return ['complete', 'delete'];
    case 'completed':
      return page === 'details' ? ['archive', 'delete'] : ['archive', 'delete'];
    case 'archived':
      return ['restore', 'delete'];
    case 'waiting for approval':
      return ['complete', 'delete'];
    default:
      return [];
  }
}

export type Transition =
  | { kind: 'update'; status: ObjectiveStatus; nextStatus: string | null }
  | { kind: 'remove' };

/**
 * The effect of an action (§4 "Effects" + design §3 "Waiting for approval"):
 * - a member (not lead, teams manager or owner) who completes or deletes asks for approval;
 * - archive remembers the previous status in nextStatus; restore returns to it (details page:
 *   in progress with nextStatus completed);
 * - complete by someone other than the owner also sets nextStatus completed.
 */
export function transition(actor: Actor, o: StatusSubject, action: ObjectiveAction, page: 'list' | 'details' = 'list'): Transition | null {
  if (!availableActions(actor, o, page).includes(action)) return null;
  const direct = actsWithoutApprovalAt(actor, levelOf(o.level));
  switch (action) {
    case 'complete':
      if (!direct) return { kind: 'update', status: 'waiting for approval', nextStatus: 'completed' };
      return { kind: 'update', status: 'completed', nextStatus: o.ownerId !== actor.id ? 'completed' : null };
    case 'delete':
      if (!direct) return { kind: 'update', status: 'waiting for approval', nextStatus: 'deleted' };
      return { kind: 'remove' };
    case 'archive':
      return { kind: 'update', status: 'archived', nextStatus: o.status };
    case 'restore':
      if (page === 'details') return { kind: 'update', status: 'in progress', nextStatus: 'completed' };
      return { kind: 'update', status: restoreTarget(o.nextStatus), nextStatus: null };
  }
}

function restoreTarget(next: string | null): ObjectiveStatus {
  return next === 'completed' || next === 'in progress' || next === 'waiting for approval' ? next : 'in progress';
}

/** Approvals page (§4): Approve deletes when the pending next status is deleted, else completes. Remove → in progress. */
export function approvalDecision(o: StatusSubject, decision: 'approve' | 'reject'): Transition {
  if (decision === 'reject') return { kind: 'update', status: 'in progress', nextStatus: null };
  if (o.nextStatus === 'deleted') return { kind: 'remove' };
  return { kind: 'update', status: 'completed', nextStatus: 'completed' };
}

/** §4: an ordinary user acting on a waiting objective is asked to confirm a second request. */
export function needsRepeatRequestConfirmation(actor: Actor, o: StatusSubject): boolean {
  return o.status === 'waiting for approval' && !actsWithoutApprovalAt(actor, levelOf(o.level));
}

export const CONFIRM_TEXT = {
  repeatTitle: 'Confirmation approval request',
  repeatBody: "You've already sent an approval request. Are you sure you want to send another one?",
  action: (action: string, model: string) => `Are you sure you want to ${action} the selected ${model}?`,
} as const;

/** §5: completion score options 0..100 step 10; default 100 when missing (§3). */
export const COMPLETION_SCORES = Array.from({ length: 11 }, (_, i) => i * 10);
export const DEFAULT_PERCENTAGE = 100;
