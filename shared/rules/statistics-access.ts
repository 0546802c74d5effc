import type { Actor } from './session-user';

/** objective-tracking §6: "The statistics Team filter is owner-only." */
export function canFilterStatisticsByTeam(actor: Pick<Actor, 'isOwner'>): boolean {
  return actor.isOwner;
}
