import { describe, expect, it } from 'vitest';
import {
  ALIGNMENT_MESSAGES as A, canRemoveLink, canSteerRollup, linkRefusal, MAX_SUPPORTED, supportableLevels,
  supportsLevel, type LinkEnd, type LinkProposal,
} from './alignment';
import { canViewObjective, isObjectiveReadOnly } from './objective-access';
import { actsWithoutApprovalAt, canCreateAtLevel, decidesApprovalAt, levelOf, levelRefusal, LEVEL_MESSAGES } from './objective-levels';
import { transition } from './objective-status';
import type { Actor } from './session-user';

const member: Actor = { id: 1, role: null, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [] };
const lead: Actor = { ...member, id: 2, isTeamLead: true, leadTeamIds: [1] };
const manager: Actor = { ...member, id: 3, isTeamsManager: true, teamIds: [], managedTeamIds: [1] };
const owner: Actor = { ...member, id: 4, isOwner: true, teamIds: [] };
const admin: Actor = { ...member, id: 5, teamIds: [2], capabilities: ['VIEW_ADMIN'], role: { id: 9, name: 'Admin' } };
const outsider: Actor = { ...member, id: 6, teamIds: [2] };
const otherLead: Actor = { ...member, id: 7, isTeamLead: true, teamIds: [2], leadTeamIds: [2] };

const end = (over: Partial<LinkEnd> = {}): LinkEnd => ({
  id: 10, status: 'in progress', ownerId: member.id, authorId: member.id, teamId: 1, isPublic: false, ownerTeamIds: [1], level: 'personal', ...over,
});
const company = end({ id: 30, level: 'company', ownerId: owner.id, authorId: owner.id, teamId: null, ownerTeamIds: [] });
const team = end({ id: 20, level: 'team', ownerId: lead.id, authorId: lead.id });
const proposal = (over: Partial<LinkProposal> = {}): LinkProposal => ({
  child: end(), parent: team, keyResultId: null, supportedCount: 0, alreadyLinked: false, parentIsBelowChild: false, ...over,
});

describe('objective levels', () => {
  it('rows from before the levels are personal', () => {
    expect(levelOf(null)).toBe('personal');
    expect(levelOf('weird')).toBe('personal');
    expect(levelOf('company')).toBe('company');
  });
  it('company objectives are created by owners and admins only', () => {
    expect(canCreateAtLevel(owner, 'company', null)).toBe(true);
    expect(canCreateAtLevel(admin, 'company', null)).toBe(true);
    for (const who of [member, lead, manager]) expect(levelRefusal(who, 'company', null)).toBe(LEVEL_MESSAGES.companyForbidden);
  });
  it("team objectives by the team's lead or teams manager, or an owner", () => {
    expect(canCreateAtLevel(lead, 'team', 1)).toBe(true);
    expect(canCreateAtLevel(manager, 'team', 1)).toBe(true);
    expect(canCreateAtLevel(owner, 'team', 2)).toBe(true);
    expect(levelRefusal(otherLead, 'team', 1)).toBe(LEVEL_MESSAGES.teamForbidden);
    expect(levelRefusal(member, 'team', 1)).toBe(LEVEL_MESSAGES.teamForbidden);
    expect(levelRefusal(admin, 'team', 2)).toBe(LEVEL_MESSAGES.teamForbidden);
  });
  it('approval is by the level above: owners for team objectives, none for company ones', () => {
    expect(actsWithoutApprovalAt(lead, 'personal')).toBe(true);
    expect(actsWithoutApprovalAt(lead, 'team')).toBe(false);
    expect(actsWithoutApprovalAt(owner, 'team')).toBe(true);
    expect(actsWithoutApprovalAt(admin, 'company')).toBe(true);
    expect(decidesApprovalAt(lead, 'team')).toBe(false);
    expect(decidesApprovalAt(owner, 'team')).toBe(true);
    expect(transition(lead, { status: 'in progress', nextStatus: null, ownerId: lead.id, level: 'team' }, 'complete'))
      .toEqual({ kind: 'update', status: 'waiting for approval', nextStatus: 'completed' });
    expect(transition(admin, { status: 'in progress', nextStatus: null, ownerId: admin.id, level: 'company' }, 'complete'))
      .toEqual({ kind: 'update', status: 'completed', nextStatus: null });
  });
  it('a company objective is everyone’s to see and its editors’ to change', () => {
    for (const who of [member, outsider, lead, admin]) expect(canViewObjective(who, company)).toBe(true);
    expect(isObjectiveReadOnly(member, company)).toBe(true);
    expect(isObjectiveReadOnly(lead, company)).toBe(true);
    expect(isObjectiveReadOnly(admin, company)).toBe(false);
    expect(isObjectiveReadOnly(owner, company)).toBe(false);
  });
  it("a team objective is its team's and admins' to see, its lead's and manager's to change", () => {
    for (const who of [member, lead, manager, owner, admin]) expect(canViewObjective(who, team)).toBe(true);
    expect(canViewObjective(outsider, team)).toBe(false);
    expect(canViewObjective(otherLead, team)).toBe(false);
    expect(isObjectiveReadOnly(member, team)).toBe(true);
    expect(isObjectiveReadOnly(manager, team)).toBe(false);
    expect(isObjectiveReadOnly(admin, team)).toBe(true);
    // a lead of another team the owner also belongs to does not edit it through that team
    expect(isObjectiveReadOnly(otherLead, { ...team, ownerId: 99, ownerTeamIds: [1, 2] })).toBe(true);
  });
});

describe('alignment links', () => {
  it('a personal objective supports a team or company one; a team one only a company one', () => {
    expect(supportsLevel('personal', 'team')).toBe(true);
    expect(supportsLevel('team', 'company')).toBe(true);
    expect(supportsLevel('team', 'team')).toBe(false);
    expect(supportsLevel('company', 'team')).toBe(false);
    expect(supportableLevels('personal')).toEqual(['team', 'company']);
    expect(supportableLevels('company')).toEqual([]);
  });
  it('allows the child’s editor to link to a visible parent of a level above', () => {
    expect(linkRefusal(member, proposal())).toBeNull();
    expect(linkRefusal(lead, proposal())).toBeNull();
  });
  it('answers a parent the actor may not see, or a deleted one, as not found before anything else', () => {
    const hidden = end({ id: 40, level: 'team', teamId: 2, ownerId: otherLead.id, authorId: otherLead.id, ownerTeamIds: [2], status: 'archived' });
    expect(linkRefusal(member, proposal({ parent: hidden, supportedCount: 9 }))).toEqual({ status: 404, message: null });
    expect(linkRefusal(member, proposal({ parent: { ...team, status: 'deleted' } }))).toEqual({ status: 404, message: null });
  });
  it('refuses someone who may not edit the child', () => {
    expect(linkRefusal(outsider, proposal({ child: end({ isPublic: true }), parent: company }))).toEqual({ status: 403, message: A.mayNotLink });
  });
  it('has one message per refused case', () => {
    expect(linkRefusal(lead, proposal({ child: team, parent: team }))).toEqual({ status: 400, message: A.cycle });
    expect(linkRefusal(lead, proposal({ child: team, parent: end({ id: 11 }), parentIsBelowChild: true }))).toEqual({ status: 400, message: A.cycle });
    expect(linkRefusal(lead, proposal({ child: team, parent: end({ id: 11 }) }))).toEqual({ status: 400, message: A.notHigherLevel });
    expect(linkRefusal(lead, proposal({ child: team, parent: end({ id: 21, level: 'team' }) }))).toEqual({ status: 400, message: A.notHigherLevel });
    expect(linkRefusal(member, proposal({ parent: { ...company, status: 'archived' } }))).toEqual({ status: 400, message: A.archivedParent });
    expect(linkRefusal(member, proposal({ alreadyLinked: true }))).toEqual({ status: 400, message: A.duplicate });
    expect(linkRefusal(member, proposal({ supportedCount: MAX_SUPPORTED - 1 }))).toBeNull();
    expect(linkRefusal(member, proposal({ supportedCount: MAX_SUPPORTED }))).toEqual({ status: 400, message: A.tooMany });
  });
  it("the child's and the parent's editors may remove a link; the parent's weigh it", () => {
    const ends = { child: end(), parent: company };
    expect(canRemoveLink(member, ends)).toBe(true);
    expect(canRemoveLink(owner, ends)).toBe(true);
    expect(canRemoveLink(outsider, ends)).toBe(false);
    expect(canSteerRollup(member, company)).toBe(false);
    expect(canSteerRollup(admin, company)).toBe(true);
  });
});
