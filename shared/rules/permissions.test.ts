import { describe, expect, it } from 'vitest';
import { accessLabel, canEditExtraSection, canEditUserInfo, canEnterArea, canSeeMyTeam, canViewBitstoneInfo, isBarredRole } from './permissions';
import { canAssignTo, canViewObjective, isObjectiveReadOnly } from './objective-access';
import { dottedName, validateVpnFileName, VPN_MESSAGES } from './vpn-file';
import type { Actor } from './session-user';

const user: Actor = { id: 1, role: { id: 1, name: 'User' }, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [] };
const lead: Actor = { ...user, id: 2, role: { id: 2, name: 'Team lead' }, isTeamLead: true, leadTeamIds: [1] };
const admin: Actor = { ...user, id: 3, role: { id: 3, name: 'Admin' }, capabilities: ['VIEW_ADMIN', 'EDIT_ALL_FIELDS'], teamIds: [] };
const guest: Actor = { ...user, id: 4, role: { id: 4, name: 'Guest' } };
const manager: Actor = { ...user, id: 5, isTeamsManager: true, managedTeamIds: [2], teamIds: [] };

describe('people permissions', () => {
  it('labels access Admin only with VIEW_ADMIN', () => {
    expect(accessLabel(['VIEW_ADMIN'])).toBe('Admin');
    expect(accessLabel(['EXPORT_USERS'])).toBe('User');
  });
  it('bars Guest from admin, statistics and approvals', () => {
    expect(isBarredRole(guest)).toBe(true);
    expect(canEnterArea(guest, 'statistics')).toBe(false);
    expect(canEnterArea(user, 'statistics')).toBe(true);
    expect(canEnterArea(user, 'admin')).toBe(false);
    expect(canEnterArea(admin, 'admin')).toBe(true);
  });
  it('shows the my-team button to leads, owners and teams managers only', () => {
    expect(canSeeMyTeam(lead)).toBe(true);
    expect(canSeeMyTeam(manager)).toBe(true);
    expect(canSeeMyTeam(user)).toBe(false);
  });
  it('lets the profile owner, edit-all-fields holders and the team lead edit user info', () => {
    const target = { id: 1, teamIds: [1] };
    expect(canEditUserInfo(user, target)).toBe(true);
    expect(canEditUserInfo(admin, target)).toBe(true);
    expect(canEditUserInfo(lead, target)).toBe(true);
    expect(canEditUserInfo(lead, { id: 9, teamIds: [7] })).toBe(false);
    expect(canEditUserInfo(guest, target)).toBe(false);
  });
  it('unlocks extra sections by capability, team lead, or own project/personal info', () => {
    const target = { id: 1, teamIds: [1] };
    expect(canEditExtraSection(user, target, 'projectsInfo')).toBe(true);
    expect(canEditExtraSection(user, target, 'bitstoneInfo')).toBe(false);
    expect(canEditExtraSection(lead, target, 'bitstoneInfo')).toBe(true);
    expect(canViewBitstoneInfo(guest, target)).toBe(false);
  });
});

describe('objective access', () => {
  const own = { ownerId: 1, authorId: 1, teamId: 1, isPublic: false, ownerTeamIds: [1] };
  it('keeps a private objective from a user it does not concern', () => {
    expect(canViewObjective(guest, own)).toBe(false);
    expect(canViewObjective(guest, { ...own, isPublic: true })).toBe(true);
    expect(canViewObjective(lead, own)).toBe(true);
  });
  it('makes an objective read-only to others, and to a teams manager who shares no team', () => {
    expect(isObjectiveReadOnly(user, own)).toBe(false);
    expect(isObjectiveReadOnly(guest, { ...own, isPublic: true })).toBe(true);
    expect(isObjectiveReadOnly(lead, own)).toBe(false);
    expect(isObjectiveReadOnly(manager, own)).toBe(true);
    expect(isObjectiveReadOnly(manager, { ...own, teamId: 2, ownerTeamIds: [2] })).toBe(false);
  });
  it('lets a regular user assign only to themselves and a lead to their team', () => {
    expect(canAssignTo(user, { id: 1, teamIds: [1] })).toBe(true);
    expect(canAssignTo(user, { id: 7, teamIds: [1] })).toBe(false);
    expect(canAssignTo(lead, { id: 7, teamIds: [1] })).toBe(true);
    expect(canAssignTo(lead, { id: 8, teamIds: [3] })).toBe(false);
  });
});

describe('VPN file name', () => {
  it('wants name.surname.ovpn', () => {
    expect(dottedName(' Ana  Maria Pop ')).toBe('ana.maria.pop');
    expect(validateVpnFileName('ana.pop.ovpn', 'Ana Pop')).toBeNull();
    expect(validateVpnFileName('ana.pop.txt', 'Ana Pop')).toBe(VPN_MESSAGES.type);
    expect(validateVpnFileName('pop.ana.ovpn', 'Ana Pop')).toBe(VPN_MESSAGES.name);
    expect(validateVpnFileName('pop.ana.ovpn', 'Ana Pop', true)).toBe(VPN_MESSAGES.nameAtSave);
  });
});
