import { describe, expect, it } from 'vitest';
import { ALL_CAPABILITIES } from './capabilities';
import type { Actor } from './session-user';
import { changeableUserFields, mayChangeUserField, USER_FIELD_MESSAGES, USER_FIELDS, userFieldRefusal, type UserField } from './user-fields';

// Who may change which user field, for each kind of person the spec names.
const TEAM = 7;
const member: Actor = {
  id: 1, role: { id: 1, name: 'User' }, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false,
  teamIds: [TEAM], leadTeamIds: [], managedTeamIds: [],
};
const lead: Actor = { ...member, id: 2, role: { id: 2, name: 'Team lead' }, isTeamLead: true, leadTeamIds: [TEAM] };
const admin: Actor = { ...member, id: 3, role: { id: 3, name: 'Admin' }, capabilities: [...ALL_CAPABILITIES], teamIds: [] };
const owner: Actor = { ...member, id: 4, role: { id: 1, name: 'User' }, isOwner: true, teamIds: [] };
const guest: Actor = { ...member, id: 5, role: { id: 5, name: 'Guest' } };

const self = (actor: Actor) => ({ id: actor.id, teamIds: actor.teamIds });
const theMember = self(member);
const stranger = { id: 99, teamIds: [42] };
const sorted = (fields: UserField[]) => [...fields].sort();

describe('a member on their own account', () => {
  it('changes their name, phone, picture, password and own project and personal info only', () => {
    expect(sorted(changeableUserFields(member, theMember))).toEqual(sorted(['name', 'phone', 'picture', 'password', 'projectsInfo', 'personalInfo']));
  });

  it.each<UserField>(['email', 'username', 'job', 'teams', 'directManager', 'lineManager', 'joinDate', 'role', 'status', 'owner', 'bitstoneInfo', 'relevantExperience'])(
    'may not change their %s',
    (field) => {
      expect(mayChangeUserField(member, theMember, field)).toBe(false);
      expect(userFieldRefusal(member, theMember, field)).toEqual(expect.any(String));
    },
  );

  it('is told why the email and the username are not theirs to change', () => {
    expect(userFieldRefusal(member, theMember, 'email')).toBe(USER_FIELD_MESSAGES.ownEmail);
    expect(userFieldRefusal(member, theMember, 'username')).toBe(USER_FIELD_MESSAGES.ownUsername);
    expect(userFieldRefusal(member, theMember, 'phone')).toBeNull();
  });

  it('changes nothing of another member', () => {
    expect(changeableUserFields(member, stranger)).toEqual([]);
    expect(userFieldRefusal(member, stranger, 'name')).toBe(USER_FIELD_MESSAGES.refused('name'));
  });
});

describe('the team lead of the member (spec §5/§6)', () => {
  it('changes the member\'s info, email, job, team, manager, join date and every extra section', () => {
    for (const field of ['name', 'phone', 'email', 'job', 'teams', 'directManager', 'joinDate', 'bitstoneInfo', 'relevantExperience', 'projectsInfo', 'personalInfo'] as const) {
      expect(mayChangeUserField(lead, theMember, field), field).toBe(true);
    }
  });

  it('but not the member\'s username, role, status, owner flag, line-manager flag, picture or password', () => {
    for (const field of ['username', 'role', 'status', 'owner', 'lineManager', 'picture', 'password'] as const) {
      expect(mayChangeUserField(lead, theMember, field), field).toBe(false);
    }
  });

  it('is no team lead of someone outside their teams, nor of themselves', () => {
    expect(changeableUserFields(lead, stranger)).toEqual([]);
    expect(mayChangeUserField(lead, self(lead), 'email')).toBe(false);
    expect(mayChangeUserField(lead, self(lead), 'job')).toBe(false);
  });
});

describe('an administrator with edit-all-fields', () => {
  it('changes every field of another member except the owner flag and the line-manager flag', () => {
    expect(sorted(changeableUserFields(admin, theMember))).toEqual(sorted(USER_FIELDS.filter((f) => f !== 'owner' && f !== 'lineManager')));
  });

  it('never renames their own sign-in nor archives themselves', () => {
    expect(mayChangeUserField(admin, self(admin), 'username')).toBe(false);
    expect(userFieldRefusal(admin, self(admin), 'username')).toBe(USER_FIELD_MESSAGES.ownUsername);
    expect(mayChangeUserField(admin, self(admin), 'status')).toBe(false);
    expect(userFieldRefusal(admin, self(admin), 'status')).toBe(USER_FIELD_MESSAGES.archiveSelf);
    expect(mayChangeUserField(admin, self(admin), 'email')).toBe(true);
  });

  it('changes a username only with edit-all-fields, not with view-admin alone', () => {
    const viewer: Actor = { ...admin, capabilities: ['VIEW_ADMIN'] };
    expect(mayChangeUserField(viewer, theMember, 'username')).toBe(false);
    expect(mayChangeUserField(viewer, theMember, 'role')).toBe(true);
  });
});

describe('an owner (spec §6: teams and the line-manager flag)', () => {
  it('sets another member\'s teams and line-manager flag, nothing else', () => {
    expect(sorted(changeableUserFields(owner, theMember))).toEqual(sorted(['teams', 'lineManager']));
  });

  it('nobody sets the owner flag through the hub', () => {
    for (const actor of [member, lead, admin, owner, guest]) expect(mayChangeUserField(actor, theMember, 'owner')).toBe(false);
  });
});

describe('a guest', () => {
  it('changes only what any person changes on their own account', () => {
    expect(sorted(changeableUserFields(guest, self(guest)))).toEqual(sorted(['name', 'phone', 'picture', 'password', 'projectsInfo', 'personalInfo']));
    expect(changeableUserFields(guest, theMember)).toEqual([]);
  });

  it('gets no role changes even with view-admin (the barred role never administers)', () => {
    expect(mayChangeUserField({ ...guest, capabilities: ['VIEW_ADMIN'] }, theMember, 'role')).toBe(false);
  });
});
