import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../shared/rules/session-user';
import { creatableLevels, levelTeams } from './level-choices';

const teams = [{ id: 1, name: 'Phoenix' }, { id: 2, name: 'Atlas' }];
const actor = (over: Partial<Actor>): Actor => ({
  id: 9, role: null, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [], ...over,
});

describe('the levels the objective dialog offers', () => {
  it('a member gets Personal only, never Company', () => {
    expect(creatableLevels(actor({}), teams)).toEqual(['personal']);
  });
  it('a lead gets Team for the team they lead, not Company', () => {
    const lead = actor({ isTeamLead: true, leadTeamIds: [2] });
    expect(creatableLevels(lead, teams)).toEqual(['personal', 'team']);
    expect(levelTeams(lead, teams)).toEqual([{ id: 2, name: 'Atlas' }]);
  });
  it('a teams manager gets Team for the teams they manage', () => {
    expect(levelTeams(actor({ isTeamsManager: true, managedTeamIds: [1, 2] }), teams)).toEqual(teams);
  });
  it('an owner gets every level and every team', () => {
    const owner = actor({ isOwner: true });
    expect(creatableLevels(owner, teams)).toEqual(['personal', 'team', 'company']);
    expect(levelTeams(owner, teams)).toEqual(teams);
  });
  it('an admin gets Company', () => {
    expect(creatableLevels(actor({ capabilities: ['VIEW_ADMIN'] }), teams)).toContain('company');
  });
});
