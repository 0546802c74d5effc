import { ALL_CAPABILITIES } from '../../../shared/rules/capabilities';
import { ROLE_ADMIN, ROLE_GUEST, ROLE_TEAM_LEAD, ROLE_USER } from '../../../shared/rules/roles';
import { normaliseUsername, usernameProblem } from '../../../shared/rules/username';
import type { Db } from '../client';
import * as schema from '../schema';
import { hashPassword } from '../../features/auth';

export interface BootstrapAdmin {
  username: string;
  password: string;
}

/**
 * design §5, HUB_DEMO=0: an empty company with the roles the rules depend on and one admin.
 * Team lead starts without capabilities here; the company's admin decides what leads may do.
 */
export async function seedBootstrapAdmin(db: Db, { username: given, password }: BootstrapAdmin): Promise<void> {
  // stored in the normal form sign-in looks up (HUB_ADMIN_USERNAME may be 'Boss')
  const username = normaliseUsername(given);
  const problem = usernameProblem(username);
  if (problem || !username) throw new Error(`The admin username ${JSON.stringify(given)} cannot be used: ${problem ?? 'it is empty.'}`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const roleRows = await tx.insert(schema.roles).values([
      { name: ROLE_ADMIN, capabilities: [...ALL_CAPABILITIES] },
      { name: ROLE_USER, capabilities: [] },
      { name: ROLE_TEAM_LEAD, capabilities: [] },
      { name: ROLE_GUEST, capabilities: [] },
    ]).returning({ id: schema.roles.id, name: schema.roles.name });
    const adminRole = roleRows.find((role) => role.name === ROLE_ADMIN);
    // The bootstrap admin set their own password, so there is no information to confirm.
    await tx.insert(schema.users).values({
      name: 'Administrator', username, roleId: adminRole?.id, passwordHash, firstLogin: false,
    });
  });
}
