import type { Ref } from '../../../shared/api/common';
import { canCreateAtLevel, OBJECTIVE_LEVELS, type ObjectiveLevel } from '../../../shared/rules/objective-levels';
import type { Actor } from '../../../shared/rules/session-user';

// The objective dialog offers only the levels, and for a team objective only the
// teams, the person may create (shared/rules/objective-levels.ts, the hub's own rule).

/** The teams a team objective may be made for, among those the form offers. */
export function levelTeams(actor: Actor, teams: readonly Ref[]): Ref[] {
  return teams.filter((t) => canCreateAtLevel(actor, 'team', t.id));
}

/** Personal always; Team when one of the offered teams allows it; Company for an owner or admin. */
export function creatableLevels(actor: Actor, teams: readonly Ref[]): ObjectiveLevel[] {
  return OBJECTIVE_LEVELS.filter((level) => {
    if (level === 'team') return levelTeams(actor, teams).length > 0;
    return canCreateAtLevel(actor, level, null);
  });
}
