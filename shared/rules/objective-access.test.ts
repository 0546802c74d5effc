import { describe, expect, it } from 'vitest';
import { actsWithoutApproval, canAssignTo, canViewObjective, isObjectiveReadOnly } from './objective-access';
import type { Actor } from './session-user';

const base: Actor = { id: 1, role: null, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [] };
const manager: Actor = { ...base, id: 3, isTeamsManager: true, teamIds: [2], managedTeamIds: [2] };
const lead: Actor = { ...base, id: 2, isTeamLead: true, leadTeamIds: [1] };
const owner: Actor = { ...base, id: 4, isOwner: true, teamIds: [] };

describe('objective assignment (spec §6)', () => {
  it('a teams manager assigns to any registered member, as the owner does', () => {
    expect(canAssignTo(manager, { id: 9, teamIds: [7] })).toBe(true);
    expect(canAssignTo(owner, { id: 9, teamIds: [7] })).toBe(true);
  });
  it('a team lead assigns only inside the team they lead; a member only to self', () => {
    expect(canAssignTo(lead, { id: 9, teamIds: [1] })).toBe(true);
    expect(canAssignTo(lead, { id: 9, teamIds: [7] })).toBe(false);
    expect(canAssignTo(base, { id: 1, teamIds: [1] })).toBe(true);
    expect(canAssignTo(base, { id: 9, teamIds: [1] })).toBe(false);
  });
});

describe('objective visibility and read-only (spec §6)', () => {
  const someone = { ownerId: 9, authorId: 9, teamId: 7, isPublic: false, ownerTeamIds: [7] };
  it('a manager sees a private objective of a team they do not manage only as its author, read-only', () => {
    expect(canViewObjective(manager, someone)).toBe(false);
    expect(canViewObjective(manager, { ...someone, authorId: 3 })).toBe(true);
    expect(isObjectiveReadOnly(manager, { ...someone, authorId: 3 })).toBe(true);
  });
  it('the owner sees and edits every objective', () => {
    expect(canViewObjective(owner, someone)).toBe(true);
    expect(isObjectiveReadOnly(owner, someone)).toBe(false);
  });
  it('only members act through approval requests', () => {
    expect(actsWithoutApproval(base)).toBe(false);
    expect(actsWithoutApproval(lead)).toBe(true);
    expect(actsWithoutApproval(manager)).toBe(true);
    expect(actsWithoutApproval(owner)).toBe(true);
  });
});
