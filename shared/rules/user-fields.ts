import { canAdminister } from './admin-access';
import {
  canChangePicture, canEditExtraSection, canEditRestrictedUserFields, canEditTeams, canEditUserInfo, hasCapability,
  type ExtraSection, type ProfileTarget,
} from './permissions';
import type { Actor } from './session-user';

// No restricted field through a side door (SECURITY.md 'Who may change which user field'): ONE
// answer to "may this person change this field of that user", whichever route carries the change
// (member dialog, sign-in stepper, Teams dialog, Access dialog, archive, picture, extra details).
// Routes keep their own gate (who may open that dialog at all); this rule decides field by field,
// and the screens ask it too, to show a field read-only. A refused field is a 403 naming it, never
// a silent drop; sending a field's current value back is no change and is always fine (forms send
// the whole form).

/** Every user field the hub writes on request, by the name this rule and its messages use. */
export const USER_FIELDS = [
  'name', 'phone', 'email', 'username', 'job', 'teams', 'directManager', 'lineManager', 'joinDate',
  'role', 'status', 'owner', 'picture', 'password',
  'bitstoneInfo', 'relevantExperience', 'projectsInfo', 'personalInfo',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

type FieldRule = (actor: Actor, target: ProfileTarget) => boolean;

const isSelf = (actor: Actor, target: ProfileTarget) => actor.id === target.id;
const extraSection = (section: ExtraSection): FieldRule => (actor, target) => canEditExtraSection(actor, target, section);

const RULES: Record<UserField, FieldRule> = {
  // spec §6: the profile owner, holders of edit-all-fields and the member's team lead edit user info
  name: canEditUserInfo,
  phone: canEditUserInfo,
  // spec §5: "Member email, direct manager, and team/job are editable only with the edit-all-fields
  // capability or team-lead permission". The email is also what links a single sign-on identity to
  // this account (services/sso/sign-in.ts), so a person never re-points their own.
  email: canEditRestrictedUserFields,
  job: canEditRestrictedUserFields,
  directManager: canEditRestrictedUserFields,
  // The join date is the company's record (tenure text, bitstone defaults), like the job and team,
  // not a contact detail the person keeps up to date: the same rights as the spec §5 fields.
  joinDate: canEditRestrictedUserFields,
  // spec §5 (edit-all-fields, team lead) and spec §6 "Owners can edit a user's teams".
  teams: (actor, target) => canEditRestrictedUserFields(actor, target) || canEditTeams(actor),
  // spec §6: "Owners can edit a user's ... line-manager flag" (team_members.is_lead).
  lineManager: (actor) => canEditTeams(actor),
  // The username is the sign-in. The spec's editUser payload (§7) carries it, so it stays
  // changeable through PUT /user, but only by edit-all-fields (the rights that may already change
  // every other field of the person) and never on one's own account: renaming your own sign-in
  // ('admin2') is how a person would pass for someone else.
  username: (actor, target) => !isSelf(actor, target) && hasCapability(actor, 'EDIT_ALL_FIELDS'),
  // spec §2 Access column: the admin area. An administrator may change their own role too: they
  // could already edit that role's capabilities, and the hub refuses to leave nobody with view-admin.
  role: (actor) => canAdminister(actor),
  // spec §2/§4: archive and restore need remove-users; nobody archives themselves.
  status: (actor, target) => !isSelf(actor, target) && hasCapability(actor, 'REMOVE_USERS'),
  // is_owner comes from the company's set-up (seed, database); no request changes it.
  owner: () => false,
  // spec §6: the user themselves, or edit-all-fields.
  picture: canChangePicture,
  // Settings → Password (one's own, proving the current one) and the admin area's
  // Reset password (another person's).
  password: (actor, target) => isSelf(actor, target) || canAdminister(actor),
  // spec §6 extra details: the section rules of permissions.ts, not a second copy
  bitstoneInfo: extraSection('bitstoneInfo'),
  relevantExperience: extraSection('relevantExperience'),
  projectsInfo: extraSection('projectsInfo'),
  personalInfo: extraSection('personalInfo'),
};

export function mayChangeUserField(actor: Actor, target: ProfileTarget, field: UserField): boolean {
  return RULES[field](actor, target);
}

/** The fields `actor` may change on `target`, in USER_FIELDS order. */
export function changeableUserFields(actor: Actor, target: ProfileTarget): UserField[] {
  return USER_FIELDS.filter((field) => RULES[field](actor, target));
}

const FIELD_NAMES: Record<UserField, string> = {
  name: 'the name', phone: 'the phone number', email: 'the email', username: 'the username', job: 'the job', teams: 'the team',
  directManager: 'the direct manager', lineManager: 'the line-manager flag', joinDate: 'the join date', role: 'the access role',
  status: 'the status', owner: 'the owner flag', picture: 'the picture', password: 'the password',
  bitstoneInfo: 'the Bitstone information', relevantExperience: 'the relevant experience', projectsInfo: 'the project experience',
  personalInfo: 'the personal information',
};

export const USER_FIELD_MESSAGES = {
  refused: (field: UserField) => `You are not allowed to change ${FIELD_NAMES[field]} of this member.`,
  ownEmail: 'Your email links your sign-in to this account: only an administrator or your team lead can change it.',
  ownUsername: 'Your username is how you sign in: only an administrator can change it.',
  archiveSelf: 'You cannot archive yourself.',
  ownField: (field: UserField) => `You are not allowed to change ${FIELD_NAMES[field]} of your own account.`,
} as const;

/** Why `actor` may not change `field` of `target`, or null when they may. */
export function userFieldRefusal(actor: Actor, target: ProfileTarget, field: UserField): string | null {
  if (RULES[field](actor, target)) return null;
  if (!isSelf(actor, target)) return USER_FIELD_MESSAGES.refused(field);
  if (field === 'email') return USER_FIELD_MESSAGES.ownEmail;
  if (field === 'username') return USER_FIELD_MESSAGES.ownUsername;
  if (field === 'status') return USER_FIELD_MESSAGES.archiveSelf;
  return USER_FIELD_MESSAGES.ownField(field);
}
