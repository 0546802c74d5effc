import type { Actor } from './session-user';

/** objective-tracking §6: "Only owners or teams managers see the team filter on plans." */
export function canSeeTeamPlans(actor: Pick<Actor, 'isOwner' | 'isTeamsManager'>): boolean {
  return actor.isOwner || actor.isTeamsManager;
}
