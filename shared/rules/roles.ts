// Role names the rules depend on. design §3: the barred role the spec leaves unnamed is Guest.
export const ROLE_ADMIN = 'Admin';
export const ROLE_USER = 'User';
export const ROLE_TEAM_LEAD = 'Team lead';
export const ROLE_GUEST = 'Guest';

/** spec §4: the role named 'User' cannot be deleted. */
export const UNDELETABLE_ROLES: readonly string[] = [ROLE_USER];
