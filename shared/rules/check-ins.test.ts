import { describe, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES, checkInClosure, checkInRefusal, objectiveProgress } from './check-ins';
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

describe('objective progress from check-ins', () => {
  it('averages the latest percents, a key result without check-ins counting 0', () => {
    expect(objectiveProgress([
      { status: 'in progress', percentage: null, latestPercent: 40 },
      { status: 'in progress', percentage: null, latestPercent: 60 },
      { status: 'in progress', percentage: null, latestPercent: null },
    ])).toBe(33);
  });
  it('counts a completed key result by its score, 100 when the score is missing', () => {
    expect(objectiveProgress([
      { status: 'completed', percentage: 70, latestPercent: 20 },
      { status: 'completed', percentage: null, latestPercent: null },
    ])).toBe(85);
  });
  it('leaves deleted key results out, and is 0 with none', () => {
    expect(objectiveProgress([{ status: 'deleted', percentage: null, latestPercent: 100 }, { status: 'in progress', percentage: null, latestPercent: 50 }])).toBe(50);
    expect(objectiveProgress([])).toBe(0);
  });
});
