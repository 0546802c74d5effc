import type { Capability } from './capabilities';

/**
 * What every permission check needs to know about the person asking. The hub builds it from
 * the database for each request; the renderer gets the same object from GET /auth/me.
 */
export interface Actor {
  id: number;
  role: { id: number; name: string } | null;
  capabilities: readonly Capability[] | readonly string[];
  isOwner: boolean;
  isTeamLead: boolean;
  isTeamsManager: boolean;
  /** teams the user belongs to */
  teamIds: readonly number[];
  /** teams the user leads (isTeamLead of) */
  leadTeamIds: readonly number[];
  /** teams the user manages as teams manager */
  managedTeamIds: readonly number[];
}
