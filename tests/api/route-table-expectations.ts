// Who may call each /api route, classified by hand. The generated
// suite (route-table.test.ts) fails when the hub has a route this table does not name, so a new
// route cannot ship without someone deciding what the least-privileged users get from it.
//
// Each entry is a well-formed request aimed at data the caller does not own (an admin's private
// objective, another member's profile, a team, a role...), so a refusal proves the permission
// rule and not the input validation. `guest` (role Guest, barred from admin, statistics and
// approvals) and `member` (role User in Phoenix, no capabilities) must get the stated outcome:
// 'refused' is 403 or 404 with the error body, 'allowed' is a 2xx read of what the spec lets
// every member see (or a change to the caller's own account).

/** Ids in the demo company the samples aim at, resolved from the seeded database. */
export interface DemoIds {
  users: Record<'admin' | 'owner' | 'manager' | 'lead' | 'member' | 'guest', number>;
  /** the admin's VPN file name (spec §5: lower case, spaces replaced by dots) */
  adminVpnName: string;
  phoenix: number;
  /** a team neither the member nor the guest belongs to, and the admin does */
  otherTeam: number;
  /** a private objective owned by the admin, and one of its key results */
  objective: number;
  keyResult: number;
  /**
   * the admin's private objective supports a team objective of otherTeam (neither
   * visible to member or guest); optional for walks that read a database without one (deploy)
   */
  objectiveLink?: number;
  /** an evaluation of the admin */
  evaluation: number;
  link: number;
  role: number;
  job: number;
  /** a live session of the admin (Settings → Sessions: nobody else may end it) */
  adminSession: number;
  /** a live API token of the admin (Settings → API tokens: nobody else may revoke it); optional for walks of a database without one */
  adminApiToken?: number;
}

export interface SampleRequest {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** a multipart upload: one file field */
  file?: { field: string; filename: string; bytes: Uint8Array; type: string };
}

export type Outcome = 'allowed' | 'refused';
export type Caller = 'admin' | 'guest' | 'member';

export interface RouteExpectation {
  sample: (ids: DemoIds, who: Caller) => SampleRequest;
  guest: Outcome;
  member: Outcome;
  /** the call ends or changes the caller's own session: it runs on a throwaway session */
  ownSession?: true;
  /**
   * the call ends the caller's OTHER sessions (sign out everywhere else, a password
   * change): it runs on a throwaway session, after every other call of that caller
   */
  endsOtherSessions?: true;
  /** the statuses a refusal may have when not 403/404, with the rule that makes it so */
  refusedWith?: { statuses: number[]; why: string };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const OVPN = new TextEncoder().encode('client\ndev tun\nremote vpn.example 1194\n');

const both = (outcome: Outcome) => ({ guest: outcome, member: outcome });
const readable = both('allowed');
const refused = both('refused');

const objectiveBody = (ids: DemoIds) => ({
  title: 'Take over', team_id: ids.otherTeam, owner_id: ids.users.admin, description: 'Someone else’s objective', category: 'Technology',
  subcategory: 'Development', priority: 'high', deadline: '2030-01-31', is_public: false,
});
const keyResultBody = { title: 'Key result', description: 'Measured', priority: 'medium', deadline: '2030-01-15' };
// An edit names the version it was read at. Any well-formed one does here: the hub
// checks who may edit before it compares versions, so a refusal is still the permission rule's.
const readAt = { last_modification_date: '2030-01-01T00:00:00.000Z' };
const ratings = {
  technical_expertise: '3', teamwork: '3', flexibility: '3', results_focus: '3', languages: '3', continual_learning: '3',
  safety_focus: '3', communication: '3', initiative: '3', open_discussion: '3', targets: 'Ship the release',
};
const linkBody = { name: 'Intranet', category: 'Internal', url: 'https://intranet.example', description: 'Company intranet' };

/** keyed `METHOD /api/url` exactly as Fastify registers it; HEAD routes follow their GET */
export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // auth: the caller's own session and account
  'POST /api/auth/logout': { sample: () => ({ path: '/api/auth/logout', body: {} }), ...readable, ownSession: true },
  'GET /api/auth/me': { sample: () => ({ path: '/api/auth/me' }), ...readable },
  // the email links single sign-on to the account; neither may re-point theirs (user-fields.test.ts)
  'POST /api/auth/confirm-info': {
    sample: (_ids, who) => ({ path: '/api/auth/confirm-info', body: { name: `Confirmed ${who}`, email: `${who}.confirmed@bitstone.test`, phone: '+40 700 000 001' } }),
    ...refused,
    ownSession: true,
    refusedWith: { statuses: [409], why: 'the confirm step is the first sign-in only; an account already confirmed (the demo guest) gets 409' },
  },
  'GET /api/user/capabilities': { sample: () => ({ path: '/api/user/capabilities' }), ...readable },
  // Settings → Password: the caller's own (the demo password is 'demo')
  'GET /api/auth/password': { sample: () => ({ path: '/api/auth/password' }), ...readable },
  'POST /api/auth/password': {
    sample: () => ({ path: '/api/auth/password', body: { current_password: 'demo', new_password: 'marmalade-orbit-cactus' } }),
    ...readable,
    endsOtherSessions: true,
  },
  // Settings → Sessions: always the caller's own; another person's session is 'not found'
  'GET /api/auth/sessions': { sample: () => ({ path: '/api/auth/sessions' }), ...readable },
  'DELETE /api/auth/sessions/:id': { sample: (ids) => ({ path: `/api/auth/sessions/${ids.adminSession}` }), ...refused },
  'DELETE /api/auth/sessions': { sample: () => ({ path: '/api/auth/sessions' }), ...readable, endsOtherSessions: true },
  // Settings → API tokens: always the caller's own; another person's token is 'not found'
  'GET /api/me/tokens': { sample: () => ({ path: '/api/me/tokens' }), ...readable },
  'POST /api/me/tokens': { sample: () => ({ path: '/api/me/tokens', body: { name: 'Nightly report', scope: 'read', expires_in_days: 30 } }), ...readable },
  'DELETE /api/me/tokens/:id': { sample: (ids) => ({ path: `/api/me/tokens/${ids.adminApiToken ?? 1}` }), ...refused },
  'GET /api/admin/tokens': { sample: () => ({ path: '/api/admin/tokens' }), ...refused },
  'DELETE /api/admin/tokens/:id': { sample: (ids) => ({ path: `/api/admin/tokens/${ids.adminApiToken ?? 1}` }), ...refused },

  // people directory and profiles: readable by every member (spec §2), changed only by rights holders
  'GET /api/user': { sample: () => ({ path: '/api/user' }), ...readable },
  'POST /api/user': {
    sample: (ids) => ({
      path: '/api/user',
      body: { name: 'New Hire', email: 'new.hire@bitstone.test', phone: '+40 700 000 002', team_ids: [ids.phoenix], job_id: ids.job, join_date: '2026-01-05', username: 'new.hire' },
    }),
    ...refused,
  },
  'GET /api/org-chart': { sample: () => ({ path: '/api/org-chart' }), ...readable },
  'GET /api/user/team-leads': { sample: () => ({ path: '/api/user/team-leads' }), ...readable },
  'GET /api/user/job-titles': { sample: () => ({ path: '/api/user/job-titles' }), ...readable },
  'GET /api/user/project-titles': { sample: () => ({ path: '/api/user/project-titles' }), ...readable },
  'GET /api/user/:id': { sample: (ids) => ({ path: `/api/user/${ids.users.admin}` }), ...readable },
  'PUT /api/user/:id': {
    sample: (ids) => ({ path: `/api/user/${ids.users.admin}`, body: { name: 'Renamed Admin', email: 'admin@bitstone.test', phone: '+40 700 000 003', team_ids: [ids.phoenix], job_id: ids.job } }),
    ...refused,
  },
  'DELETE /api/user/:id': { sample: (ids) => ({ path: `/api/user/${ids.users.admin}` }), ...refused },
  'PATCH /api/user/:id/restore': { sample: (ids) => ({ path: `/api/user/${ids.users.admin}/restore` }), ...refused },
  'PUT /api/user/:id/extras': {
    sample: (ids) => ({ path: `/api/user/${ids.users.admin}/extras`, body: { bitstone_info: { benefits: ['Gym'], current_role: 'Nobody' } } }),
    ...refused,
  },
  'PUT /api/user/:id/image': {
    sample: (ids) => ({ path: `/api/user/${ids.users.admin}/image`, file: { field: 'image', filename: 'me.png', bytes: PNG, type: 'image/png' } }),
    ...refused,
  },
  'GET /api/user/:id/image': { sample: (ids) => ({ path: `/api/user/${ids.users.admin}/image` }), ...readable },
  'POST /api/user/teams': { sample: (ids) => ({ path: '/api/user/teams', body: { user_id: ids.users.admin, teams: [ids.phoenix], is_line_manager: true } }), ...refused },
  'GET /api/exports/users.xlsx': { sample: () => ({ path: '/api/exports/users.xlsx' }), ...refused },
  'GET /api/exports/users/:id.xlsx': { sample: (ids) => ({ path: `/api/exports/users/${ids.users.admin}.xlsx` }), ...refused },

  // the VPN file: only its owner or an admin
  'GET /api/user/exists/:name': { sample: (ids) => ({ path: `/api/user/exists/${ids.adminVpnName}` }), ...refused },
  'POST /api/user/upload-file': {
    sample: (ids) => ({ path: '/api/user/upload-file', file: { field: 'file', filename: `${ids.adminVpnName}.ovpn`, bytes: OVPN, type: 'application/octet-stream' } }),
    ...refused,
    refusedWith: { statuses: [400], why: "spec §5: a file named for someone else reads as a wrongly named file; it is never saved" },
  },
  'GET /api/user/download-ovpn/:name': { sample: (ids) => ({ path: `/api/user/download-ovpn/${ids.adminVpnName}` }), ...refused },
  'DELETE /api/user/delete-file/:file': { sample: (ids) => ({ path: `/api/user/delete-file/${ids.adminVpnName}.ovpn` }), ...refused },

  // extra details: skills are named by anyone editing their own personal info
  'GET /api/skill': { sample: () => ({ path: '/api/skill' }), ...readable },
  'POST /api/skill': { sample: () => ({ path: '/api/skill', body: { name: ['Route table testing'] } }), ...readable },

  // my team
  'GET /api/user/team': { sample: () => ({ path: '/api/user/team' }), ...readable },
  'GET /api/user/team-lead': { sample: () => ({ path: '/api/user/team-lead' }), ...readable },
  'POST /api/user/invite-in-team': { sample: () => ({ path: '/api/user/invite-in-team', body: { team_member_email: 'stranger@bitstone.test' } }), ...refused },
  // the my-team page is for owners, team leads and teams managers (objective-tracking §6)
  'GET /api/teamDetails': { sample: () => ({ path: '/api/teamDetails' }), ...refused },
  'GET /api/teamDetails/:userId': { sample: (ids) => ({ path: `/api/teamDetails/${ids.users.admin}` }), ...refused },

  // holidays and hours: the caller's own, and the public calendar
  'GET /api/holidays': { sample: () => ({ path: '/api/holidays', query: { from: '2026-01-01', to: '2026-01-31' } }), ...readable },
  'GET /api/holidays/days-left': { sample: () => ({ path: '/api/holidays/days-left' }), ...readable },
  // everyone's balances for those who may see them; anyone else gets only their own row
  'GET /api/holidays/days-left/all': { sample: () => ({ path: '/api/holidays/days-left/all' }), ...readable },
  'GET /api/public-holidays/:year/:country': { sample: () => ({ path: '/api/public-holidays/2026/RO' }), ...readable },
  // Who's out: the viewer's teams' card, and whether someone is off (the calendar's, never the kind)
  'GET /api/holidays/whos-out': { sample: () => ({ path: '/api/holidays/whos-out' }), ...readable },
  'GET /api/holidays/out-on': { sample: (ids) => ({ path: '/api/holidays/out-on', query: { user_id: String(ids.users.admin), date: '2026-01-05' } }), ...readable },
  'GET /api/timetracking/reports': { sample: () => ({ path: '/api/timetracking/reports' }), ...readable },

  // admin area: view-admin only, and never the barred role
  'GET /api/admin/users': { sample: () => ({ path: '/api/admin/users' }), ...refused },
  // the archive of anyone's personal data is an admin's; one's own is everyone's
  'GET /api/admin/users/:id/data-export': { sample: (ids) => ({ path: `/api/admin/users/${ids.users.admin}/data-export` }), ...refused },
  'GET /api/user/me/data-export': { sample: () => ({ path: '/api/user/me/data-export' }), ...readable },
  'PUT /api/admin/users/:id/role': { sample: (ids) => ({ path: `/api/admin/users/${ids.users.member}/role`, body: { role_id: ids.role } }), ...refused },
  'POST /api/admin/users/:id/password-reset': { sample: (ids) => ({ path: `/api/admin/users/${ids.users.admin}/password-reset` }), ...refused },
  // erasure, aimed at the admin, whom nobody else may erase (an admin would be told to archive first)
  'DELETE /api/admin/users/:id/personal-data': { sample: (ids) => ({ path: `/api/admin/users/${ids.users.admin}/personal-data` }), ...refused },
  'GET /api/admin/sso': { sample: () => ({ path: '/api/admin/sso' }), ...refused },
  'PUT /api/admin/sso': { sample: () => ({ path: '/api/admin/sso', body: { local_passwords_enabled: false } }), ...refused },
  // retention: the periods and the job's runs
  'GET /api/admin/retention': { sample: () => ({ path: '/api/admin/retention' }), ...refused },
  'PUT /api/admin/retention': {
    sample: () => ({ path: '/api/admin/retention', body: { sign_in_events: 30, ended_sessions: 7, read_notifications: 7, import_runs: 7, audit_log: 365, archived_people: 30 } }),
    ...refused,
  },
  'GET /api/admin/retention/runs': { sample: () => ({ path: '/api/admin/retention/runs' }), ...refused },
  'POST /api/admin/retention/runs': { sample: () => ({ path: '/api/admin/retention/runs' }), ...refused },
  'GET /api/admin/email': { sample: () => ({ path: '/api/admin/email' }), ...refused },
  'POST /api/admin/email/test': { sample: () => ({ path: '/api/admin/email/test' }), ...refused },
  'POST /api/admin/email/outbox/:id/resend': { sample: () => ({ path: '/api/admin/email/outbox/1/resend' }), ...refused },
  // Admin → Webhooks
  'GET /api/admin/webhooks': { sample: () => ({ path: '/api/admin/webhooks' }), ...refused },
  'POST /api/admin/webhooks': { sample: () => ({ path: '/api/admin/webhooks', body: { url: 'https://hooks.example.com/in', events: ['objective.created'] } }), ...refused },
  'PUT /api/admin/webhooks/:id': { sample: () => ({ path: '/api/admin/webhooks/1', body: { url: 'https://hooks.example.com/in', events: ['objective.created'] } }), ...refused },
  'DELETE /api/admin/webhooks/:id': { sample: () => ({ path: '/api/admin/webhooks/1' }), ...refused },
  'POST /api/admin/webhooks/:id/rotate-secret': { sample: () => ({ path: '/api/admin/webhooks/1/rotate-secret' }), ...refused },
  'POST /api/admin/webhooks/:id/test': { sample: () => ({ path: '/api/admin/webhooks/1/test' }), ...refused },
  'GET /api/admin/webhooks/:id/deliveries': { sample: () => ({ path: '/api/admin/webhooks/1/deliveries' }), ...refused },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': { sample: () => ({ path: '/api/admin/webhooks/1/deliveries/1/resend' }), ...refused },
  'GET /api/audit': { sample: () => ({ path: '/api/audit' }), ...refused },
  'GET /api/audit/actors': { sample: () => ({ path: '/api/audit/actors' }), ...refused },
  'GET /api/imports': { sample: () => ({ path: '/api/imports' }), ...refused },
  'POST /api/imports/holidays': { sample: () => ({ path: '/api/imports/holidays', body: { csv: 'username,type,from,to\nadmin,vacation,2026-02-02,2026-02-03\n' } }), ...refused },
  'POST /api/imports/days-left': { sample: () => ({ path: '/api/imports/days-left', body: { csv: 'username,year,days\nadmin,2026,30\n' } }), ...refused },
  'GET /api/team': { sample: () => ({ path: '/api/team' }), ...readable },
  'POST /api/team': { sample: () => ({ path: '/api/team', body: { name: 'Shadow team', technology: 'Go' } }), ...refused },
  'GET /api/team/name-taken': { sample: () => ({ path: '/api/team/name-taken', query: { name: 'Phoenix' } }), ...refused },
  'PUT /api/team/:id': { sample: (ids) => ({ path: `/api/team/${ids.otherTeam}`, body: { name: 'Renamed team' } }), ...refused },
  'DELETE /api/team/:id': { sample: (ids) => ({ path: `/api/team/${ids.otherTeam}` }), ...refused },
  // the admin jobs tab; the directory's job filter reads GET /api/user/job-titles
  'GET /api/job': { sample: () => ({ path: '/api/job' }), ...refused },
  'POST /api/job': { sample: () => ({ path: '/api/job', body: { name: 'Shadow job' } }), ...refused },
  'GET /api/job/name-taken': { sample: () => ({ path: '/api/job/name-taken', query: { name: 'Engineer' } }), ...refused },
  'PUT /api/job/:id': { sample: (ids) => ({ path: `/api/job/${ids.job}`, body: { name: 'Renamed job' } }), ...refused },
  'DELETE /api/job/:id': { sample: (ids) => ({ path: `/api/job/${ids.job}` }), ...refused },
  'GET /api/capabilities': { sample: () => ({ path: '/api/capabilities' }), ...refused },
  'GET /api/role': { sample: () => ({ path: '/api/role' }), ...refused },
  'POST /api/role': { sample: () => ({ path: '/api/role', body: { name: 'Shadow admin', capabilities: ['VIEW_ADMIN'] } }), ...refused },
  'GET /api/role/name-taken': { sample: () => ({ path: '/api/role/name-taken', query: { name: 'Admin' } }), ...refused },
  'PUT /api/role/:id': { sample: (ids) => ({ path: `/api/role/${ids.role}`, body: { name: 'User', capabilities: ['VIEW_ADMIN'] } }), ...refused },
  'DELETE /api/role/:id': { sample: (ids) => ({ path: `/api/role/${ids.role}` }), ...refused },
  'PATCH /api/role/:id/restore': { sample: (ids) => ({ path: `/api/role/${ids.role}/restore` }), ...refused },
  'GET /api/link': { sample: () => ({ path: '/api/link' }), ...readable },
  'POST /api/link': { sample: () => ({ path: '/api/link', body: linkBody }), ...refused },
  'PUT /api/link/:id': { sample: (ids) => ({ path: `/api/link/${ids.link}`, body: linkBody }), ...refused },
  'DELETE /api/link/:id': { sample: (ids) => ({ path: `/api/link/${ids.link}` }), ...refused },
  'PATCH /api/link/:id/restore': { sample: (ids) => ({ path: `/api/link/${ids.link}/restore` }), ...refused },
  'GET /api/link/:id/picture': { sample: (ids) => ({ path: `/api/link/${ids.link}/picture` }), ...readable },
  'PUT /api/link/:id/picture': {
    sample: (ids) => ({ path: `/api/link/${ids.link}/picture`, file: { field: 'image', filename: 'logo.png', bytes: PNG, type: 'image/png' } }),
    ...refused,
  },

  // objectives: a regular user makes objectives only for self; others' are read-only or hidden
  'GET /api/objective': { sample: () => ({ path: '/api/objective' }), ...readable },
  'POST /api/objective': { sample: (ids) => ({ path: '/api/objective', body: objectiveBody(ids) }), ...refused },
  'GET /api/objective/count': { sample: (ids) => ({ path: '/api/objective/count', query: { owner_id: String(ids.users.admin) } }), ...readable },
  'GET /api/objective/choices': { sample: () => ({ path: '/api/objective/choices' }), ...readable },
  'GET /api/objective/assignees': { sample: (ids) => ({ path: '/api/objective/assignees', query: { team_id: String(ids.otherTeam) } }), ...readable },
  'GET /api/objective/:id': { sample: (ids) => ({ path: `/api/objective/${ids.objective}` }), ...refused },
  'PUT /api/objective/:id': { sample: (ids) => ({ path: `/api/objective/${ids.objective}`, body: { ...objectiveBody(ids), ...readAt } }), ...refused },
  'DELETE /api/objective/:id': { sample: (ids) => ({ path: `/api/objective/${ids.objective}` }), ...refused },
  'POST /api/objective/:id': { sample: (ids) => ({ path: `/api/objective/${ids.objective}`, body: keyResultBody }), ...refused },
  'GET /api/key-result/:id': { sample: (ids) => ({ path: `/api/key-result/${ids.keyResult}` }), ...refused },
  'PUT /api/key-result/:id': { sample: (ids) => ({ path: `/api/key-result/${ids.keyResult}`, body: { ...keyResultBody, ...readAt, action: 'complete' } }), ...refused },
  'DELETE /api/key-result/:id': { sample: (ids) => ({ path: `/api/key-result/${ids.keyResult}` }), ...refused },
  'GET /api/key-result/:id/check-ins': { sample: (ids) => ({ path: `/api/key-result/${ids.keyResult}/check-ins` }), ...refused },
  'POST /api/key-result/:id/check-ins': {
    sample: (ids) => ({ path: `/api/key-result/${ids.keyResult}/check-ins`, body: { percent: 50, confidence: 'on_track', comment: 'Halfway' } }),
    ...refused,
  },
  'GET /api/objective/approvals': { sample: () => ({ path: '/api/objective/approvals' }), guest: 'refused', member: 'allowed' },
  'GET /api/objective/approvals/count': { sample: () => ({ path: '/api/objective/approvals/count' }), guest: 'refused', member: 'allowed' },
  'POST /api/objective/:id/approval': { sample: (ids) => ({ path: `/api/objective/${ids.objective}/approval`, body: { decision: 'approve' } }), ...refused },
  'POST /api/approval': { sample: (ids) => ({ path: '/api/approval', body: { objective_id: ids.objective, delete: true } }), ...refused },
  // alignment: company objectives are for owners and admins; links and roll-ups of objectives the caller may not see are 'not found'
  'POST /api/alignment/objectives': { sample: (ids) => ({ path: '/api/alignment/objectives', body: { ...objectiveBody(ids), level: 'company' } }), ...refused },
  'GET /api/objective/:id/links': { sample: (ids) => ({ path: `/api/objective/${ids.objective}/links` }), ...refused },
  'POST /api/objective/:id/links': { sample: (ids) => ({ path: `/api/objective/${ids.objective}/links`, body: { parent_id: ids.objective } }), ...refused },
  'PUT /api/objective-link/:id': { sample: (ids) => ({ path: `/api/objective-link/${ids.objectiveLink ?? 0}`, body: { weight: 3 } }), ...refused },
  'DELETE /api/objective-link/:id': { sample: (ids) => ({ path: `/api/objective-link/${ids.objectiveLink ?? 0}` }), ...refused },
  'PUT /api/objective/:id/rollup': { sample: (ids) => ({ path: `/api/objective/${ids.objective}/rollup`, body: { mode: 'children' } }), ...refused },
  'GET /api/alignment/tree': { sample: () => ({ path: '/api/alignment/tree' }), ...readable },
  'GET /api/alignment/search': { sample: () => ({ path: '/api/alignment/search', query: { q: 'objective' } }), ...readable },
  'GET /api/alignment/candidates': { sample: (ids) => ({ path: '/api/alignment/candidates', query: { objective_id: String(ids.objective) } }), ...refused },
  'GET /api/timeline': { sample: () => ({ path: '/api/timeline' }), ...readable },
  'GET /api/user/plans': { sample: () => ({ path: '/api/user/plans' }), ...readable },
  'POST /api/user/plans': { sample: (ids) => ({ path: '/api/user/plans', body: { team: ids.otherTeam } }), ...refused },
  'GET /api/exports/plans.xlsx': { sample: (ids) => ({ path: '/api/exports/plans.xlsx', query: { team: String(ids.otherTeam) } }), ...refused },
  'GET /api/statistics': { sample: () => ({ path: '/api/statistics' }), guest: 'refused', member: 'allowed' },

  // notifications: each member's own; another's (or a missing one) is not found
  'GET /api/notifications': { sample: () => ({ path: '/api/notifications' }), ...readable },
  'POST /api/notifications/read-all': { sample: () => ({ path: '/api/notifications/read-all', body: {} }), ...readable },
  'POST /api/notifications/:id/read': { sample: () => ({ path: '/api/notifications/2147483000/read', body: {} }), ...refused },
  'GET /api/notifications/settings': { sample: () => ({ path: '/api/notifications/settings' }), ...readable },
  'PUT /api/notifications/settings': { sample: () => ({ path: '/api/notifications/settings', body: { items: [{ kind: 'approval_requested', enabled: true }] } }), ...readable },
  'GET /api/notifications/stream': { sample: () => ({ path: '/api/notifications/stream' }), ...readable },

  // themes: each person's own display preferences; there is no path to anyone else's
  'GET /api/preferences': { sample: () => ({ path: '/api/preferences' }), ...readable },
  'PUT /api/preferences': { sample: () => ({ path: '/api/preferences', body: { theme: 'system' } }), ...readable },
  // one's own calendar feeds only; there is no way to name someone else's
  'GET /api/calendar-feeds': { sample: () => ({ path: '/api/calendar-feeds' }), ...readable },
  'PUT /api/calendar-feeds/:feed': { sample: () => ({ path: '/api/calendar-feeds/public' }), ...readable },
  'DELETE /api/calendar-feeds/:feed': { sample: () => ({ path: '/api/calendar-feeds/public' }), ...readable },

  // evaluations: only team leads or teams managers of the evaluated member
  'GET /api/employee-details': { sample: (ids) => ({ path: '/api/employee-details', query: { user_id: String(ids.users.admin) } }), ...refused },
  'GET /api/employee-details/:userId': { sample: (ids) => ({ path: `/api/employee-details/${ids.users.admin}` }), ...refused },
  'POST /api/employee-details': { sample: (ids) => ({ path: '/api/employee-details', body: { ...ratings, user_id: ids.users.admin } }), ...refused },
  'PUT /api/employee-details': { sample: (ids) => ({ path: '/api/employee-details', body: { ...ratings, entity_id: ids.evaluation } }), ...refused },
  'DELETE /api/employee-details': { sample: (ids) => ({ path: '/api/employee-details', body: { entity_id: ids.evaluation } }), ...refused },
  'PUT /api/employee-details/:id': { sample: (ids) => ({ path: `/api/employee-details/${ids.evaluation}`, body: ratings }), ...refused },
  'DELETE /api/employee-details/:id': { sample: (ids) => ({ path: `/api/employee-details/${ids.evaluation}` }), ...refused },
  'GET /api/exports/evaluations/:userId.xlsx': { sample: (ids) => ({ path: `/api/exports/evaluations/${ids.users.admin}.xlsx` }), ...refused },

  // the app's updates are for every signed-in person, but this hub publishes no release,
  // so the answer is 404 (desktop-releases.test.ts reads them from a hub that has some)
  'GET /api/desktop/updates/:file': { sample: () => ({ path: '/api/desktop/updates/latest-linux.yml' }), ...refused },
  'GET /api/desktop/policy': { sample: () => ({ path: '/api/desktop/policy', query: { platform: 'linux' } }), ...readable },
  // Admin → Desktop app
  'GET /api/desktop/releases': { sample: () => ({ path: '/api/desktop/releases' }), ...refused },
  'POST /api/desktop/releases': {
    sample: () => ({ path: '/api/desktop/releases', file: { field: 'files', filename: 'latest-linux.yml', bytes: new TextEncoder().encode('version: 9.9.9\n'), type: 'text/yaml' } }),
    ...refused,
  },
  'PUT /api/desktop/releases/:platform/required': { sample: () => ({ path: '/api/desktop/releases/linux/required', body: { version: '1.0.0' } }), ...refused },
  'DELETE /api/desktop/releases/:platform/required': { sample: () => ({ path: '/api/desktop/releases/linux/required' }), ...refused },
  'GET /api/desktop/connected-versions': { sample: () => ({ path: '/api/desktop/connected-versions' }), ...refused },
};
