import type { Actor } from './session-user';

// objective-tracking §6: "Only team leads or teams managers create, edit or delete evaluations",
// and only for people in teams they lead or manage. Readers: the employee, those
// writers, and company owners.

export interface EvaluatedPerson {
  id: number;
  teamIds: readonly number[];
}

const overlaps = (a: readonly number[], b: readonly number[]) => a.some((id) => b.includes(id));

export function canWriteEvaluationFor(actor: Actor, person: EvaluatedPerson): boolean {
  if (actor.id === person.id) return false;
  return (actor.isTeamLead && overlaps(actor.leadTeamIds, person.teamIds)) || (actor.isTeamsManager && overlaps(actor.managedTeamIds, person.teamIds));
}

export function canReadEvaluationsOf(actor: Actor, person: EvaluatedPerson): boolean {
  return actor.id === person.id || actor.isOwner || canWriteEvaluationFor(actor, person);
}
