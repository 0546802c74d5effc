import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { roles, teamManagers, teamMembers, teams, users } from '../../server/db/schema';
import { hashPassword } from '../../server/features/auth/passwords';
import type { Capability } from '../../shared/rules/capabilities';

// Each test starts its own data (style.md): small builders with unique names, so files and
// tests run in any order on a shared or fresh database.

const unique = () => randomBytes(4).toString('hex');

// scrypt is deliberately slow; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export async function createRole(db: Db, input: { name?: string; capabilities?: Capability[]; status?: 'active' | 'deleted' } = {}) {
  const [role] = await db
    .insert(roles)
    .values({ name: input.name ?? `Role ${unique()}`, capabilities: input.capabilities ?? [], status: input.status ?? 'active' })
    .returning();
  return role;
}

export async function createTeam(db: Db, input: { name?: string; status?: 'active' | 'deleted' } = {}) {
  const [team] = await db.insert(teams).values({ name: input.name ?? `Team ${unique()}`, technology: 'TypeScript', status: input.status ?? 'active' }).returning();
  return team;
}

export interface UserInput {
  username?: string;
  name?: string;
  email?: string | null;
  password?: string;
  roleId?: number | null;
  /** teams the user belongs to */
  teamIds?: number[];
  /** teams the user leads (membership with is_lead) */
  leads?: number[];
  /** teams the user manages as teams manager */
  manages?: number[];
  isOwner?: boolean;
  status?: 'active' | 'deleted';
  firstLogin?: boolean;
  teamleadId?: number | null;
}

export const TEST_PASSWORD = 'correct horse battery';

export async function createUser(db: Db, input: UserInput = {}) {
  const username = input.username ?? `user.${unique()}`;
  const [user] = await db
    .insert(users)
    .values({
      username,
      name: input.name ?? `Test ${username}`,
      email: input.email === undefined ? `${username}@bitstone.test` : input.email,
      phone: '+40 700 000 000',
      passwordHash: await hashOf(input.password ?? TEST_PASSWORD),
      roleId: input.roleId ?? null,
      isOwner: input.isOwner ?? false,
      status: input.status ?? 'active',
      firstLogin: input.firstLogin ?? true,
      teamleadId: input.teamleadId ?? null,
    })
    .returning();
  const leads = new Set(input.leads ?? []);
  const memberOf = [...new Set([...(input.teamIds ?? []), ...leads])];
  if (memberOf.length) await db.insert(teamMembers).values(memberOf.map((teamId) => ({ userId: user.id, teamId, isLead: leads.has(teamId) })));
  if (input.manages?.length) await db.insert(teamManagers).values(input.manages.map((teamId) => ({ userId: user.id, teamId })));
  return user;
}
