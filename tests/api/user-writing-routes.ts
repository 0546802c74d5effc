import type { UserField } from '../../shared/rules/user-fields';

// No restricted field through a side door: every route of the hub that writes a user,
// named once. user-fields-routes.test.ts reads the live route table and the OpenAPI document and
// fails when a route that looks as if it could write a user (a path under /user, /admin/users or
// /auth, or a body with a user field) is in none of the three lists below, so a new side door
// cannot ship without someone deciding which user fields it writes.

/** The caller's own account as stored before the request. */
export interface SelfState {
  id: number;
  name: string;
  username: string;
  email: string | null;
  phone: string | null;
  jobId: number | null;
  roleId: number | null;
  teamleadId: number | null;
  joinDate: string | null;
  /** active teams */
  teamIds: number[];
  /** leads at least one of them (team_members.is_lead) */
  leads: boolean;
}

export interface SelfRequest {
  path: string;
  /** snake_case JSON body (the wire's) */
  body?: Record<string, unknown>;
  /** a multipart upload: one file field (extra form fields are added by the probes) */
  file?: { field: string; filename: string; bytes: Uint8Array; type: string };
}

export interface UserWritingRoute {
  /** what the route is for (the screen or dialog that calls it) */
  what: string;
  /** user field → the body key that carries it; checked against the route's OpenAPI body schema */
  accepts: Partial<Record<UserField, string>>;
  /** body keys that name no field: who is meant (user_id) or a proof (current_password) */
  alsoTakes?: string[];
  /** the field the call itself changes (archive: the status), and the key its refusal names */
  implicit?: { field: UserField; key: string };
  /** a valid request on the caller's own account that sends every accepted field's current value */
  request: (self: SelfState) => SelfRequest;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** keyed `METHOD /api/url` exactly as Fastify registers it */
export const USER_WRITING_ROUTES: Record<string, UserWritingRoute> = {
  'PUT /api/user/:id': {
    what: "the member dialog 'Edit User Info' (spec §2, §5; the spec §7 editUser payload)",
    accepts: {
      name: 'name', phone: 'phone', email: 'email', username: 'username', job: 'job_id', teams: 'team_ids',
      directManager: 'teamlead_id', joinDate: 'join_date',
    },
    request: (self) => ({
      path: `/api/user/${self.id}`,
      body: {
        name: self.name, email: self.email, phone: self.phone, team_ids: self.teamIds, job_id: self.jobId,
        teamlead_id: self.teamleadId, join_date: self.joinDate, username: self.username,
      },
    }),
  },
  'POST /api/auth/confirm-info': {
    what: "the sign-in stepper's 'Confirm your information' (first sign-in only)",
    accepts: { name: 'name', email: 'email', phone: 'phone' },
    request: (self) => ({ path: '/api/auth/confirm-info', body: { name: self.name, email: self.email ?? undefined, phone: self.phone } }),
  },
  'POST /api/user/teams': {
    what: "the owners' Teams dialog (spec §6: a user's teams and line-manager flag)",
    accepts: { teams: 'teams', lineManager: 'is_line_manager' },
    alsoTakes: ['user_id'],
    request: (self) => ({ path: '/api/user/teams', body: { user_id: self.id, teams: self.teamIds, is_line_manager: self.leads } }),
  },
  'PUT /api/admin/users/:id/role': {
    what: 'the admin Users table, Access column (spec §2)',
    accepts: { role: 'role_id' },
    request: (self) => ({ path: `/api/admin/users/${self.id}/role`, body: { role_id: self.roleId } }),
  },
  'DELETE /api/user/:id': {
    what: 'archive (spec §4: active becomes deleted)',
    accepts: {},
    implicit: { field: 'status', key: 'status' },
    request: (self) => ({ path: `/api/user/${self.id}` }),
  },
  'PATCH /api/user/:id/restore': {
    what: 'restore (spec §4: deleted becomes active)',
    accepts: {},
    implicit: { field: 'status', key: 'status' },
    request: (self) => ({ path: `/api/user/${self.id}/restore` }),
  },
  'PUT /api/user/:id/extras': {
    what: 'the extra details dialog (spec §2, §6 section rights)',
    accepts: { bitstoneInfo: 'bitstone_info', relevantExperience: 'relevant_experience', projectsInfo: 'projects_info', personalInfo: 'personal_info' },
    request: (self) => ({ path: `/api/user/${self.id}/extras`, body: {} }),
  },
  'POST /api/auth/password': {
    what: 'Settings → Password: the caller\'s own password, proving the current one',
    accepts: { password: 'new_password' },
    alsoTakes: ['current_password'],
    // a password has no current value to send back: a wrong current one keeps the call a no-op
    request: () => ({ path: '/api/auth/password', body: { current_password: 'not the current password', new_password: 'not the current password' } }),
  },
  'POST /api/admin/users/:id/password-reset': {
    what: 'Admin → Users → Reset password: a one-time password for another person',
    accepts: {},
    implicit: { field: 'password', key: 'password' },
    request: (self) => ({ path: `/api/admin/users/${self.id}/password-reset` }),
  },
  'PUT /api/user/:id/image': {
    what: 'the profile picture editor (spec §5, §6)',
    accepts: {},
    implicit: { field: 'picture', key: 'image' },
    request: (self) => ({ path: `/api/user/${self.id}/image`, file: { field: 'image', filename: 'me.png', bytes: PNG, type: 'image/png' } }),
  },
};

/** Routes that make a new user: no existing account's field changes through them. */
export const USER_CREATING_ROUTES: Record<string, string> = {
  'POST /api/user': "the member dialog 'New employee' (add-users); the role is always 'User' and the owner flag false",
  'POST /api/auth/ldap': 'a first directory sign-in makes the account from what the directory says, never from request fields',
  'POST /api/auth/oidc/complete': "a first identity-provider sign-in makes the account from the provider's signed answer",
};

/**
 * Routes that clear a user's fields under a rule of their own rather than the field rule: no request
 * field reaches the user, and the person is archived (so never the caller).
 */
export const USER_ERASING_ROUTES: Record<string, string> = {
  'DELETE /api/admin/users/:id/personal-data':
    "erasure: admins only, archived people only; every personal field becomes 'Former employee #id' (personal-data-erasure.test.ts)",
};

/** Routes that look as if they could write a user (path or body) and do not, with the reason. */
export const NOT_USER_WRITING: Record<string, string> = {
  'POST /api/auth/login': 'opens a session; the sign-in time (last_login) is the hub’s own column, no request value reaches the user',
  'POST /api/auth/logout': 'ends the caller’s session',
  'DELETE /api/auth/sessions/:id': 'Settings → Sessions: ends one of the caller’s own sessions (sessions table)',
  'DELETE /api/auth/sessions': 'Settings → Sessions: ends the caller’s other sessions (sessions table)',
  'POST /api/auth/oidc/start': 'starts the identity-provider redirect; nothing is stored on a user',
  'POST /api/user/upload-file': 'the VPN file is a row of files (kind ovpn), checked against the owner’s name; no user column',
  'DELETE /api/user/delete-file/:file': 'deletes a VPN file (a row of files)',
  'POST /api/user/invite-in-team': 'records an invitation (invitations), not the invited member',
  'POST /api/user/plans': 'reads a team’s plans (a POST for the body); writes nothing',
  'POST /api/employee-details': 'an evaluation of the user (evaluations table), not the user',
  'PUT /api/employee-details': 'an evaluation of the user (evaluations table), not the user',
};
