import { describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES, checkInClosure, checkInRefusal } from './check-ins';
import { OBJECTIVE_MESSAGES } from './objective-messages';
import type { Actor } from './session-user';

const member: Actor = { id: 1, role: null, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [] };
const mate: Actor = { ...member, id: 5 };
const lead: Actor = { ...member, id: 2, isTeamLead: true, leadTeamIds: [1] };
const otherLead: Actor = { ...member, id: 6, isTeamLead: true, teamIds: [2], leadTeamIds: [2] };
const mine = { ownerId: 1, authorId: 1, teamId: 1, isPublic: true, ownerTeamIds: [1], status: 'in progress' };
const open = { status: 'in progress' };

describe('who may check in (spec §6 read-only rule)', () => {
  it("the owner of the objective and their team lead may; a team mate and another team's lead may not", () => {
    expect(checkInRefusal(member, { objective: mine, keyResult: open })).toBeNull();
    expect(checkInRefusal(lead, { objective: mine, keyResult: open })).toBeNull();
    expect(checkInRefusal(mate, { objective: mine, keyResult: open })).toBe(OBJECTIVE_MESSAGES.readOnly);
    expect(checkInRefusal(otherLead, { objective: mine, keyResult: open })).toBe(OBJECTIVE_MESSAGES.readOnly);
  });
  it('nobody checks in once the objective is completed or archived, or the key result is completed', () => {
    for (const status of ['completed', 'archived', 'deleted']) {
      expect(checkInRefusal(member, { objective: { ...mine, status }, keyResult: open })).toBe(CHECK_IN_MESSAGES.closedObjective);
    }
    expect(checkInRefusal(member, { objective: mine, keyResult: { status: 'completed' } })).toBe(CHECK_IN_MESSAGES.closedKeyResult);
    expect(checkInClosure('waiting for approval', 'in progress')).toBeNull();
  });
  it('read-only is named before a closed objective', () => {
    expect(checkInRefusal(mate, { objective: { ...mine, status: 'archived' }, keyResult: open })).toBe(OBJECTIVE_MESSAGES.readOnly);
  });
});
