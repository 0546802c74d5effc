import { eq } from 'drizzle-orm';
import { SSO_MESSAGES, type SsoAdmin } from '../../../../shared/api/sso';
import { sameUsername } from '../../../../shared/rules/username';
import type { Db, DbOrTx } from '../../../db/client';
import { settings } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http-errors';
import { recordAudit } from '../../audit';
import type { SsoConfig } from './config';

// An admin may turn local (hub) passwords off once people sign in with their
// company accounts. The bootstrap admin keeps local sign-in whatever the setting, so a broken
// identity provider never locks everybody out.

export const LOCAL_PASSWORDS_KEY = 'localPasswordsEnabled';

/** A missing row means on: a fresh hub and the demo company sign in with passwords. */
export async function localPasswordsEnabled(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, LOCAL_PASSWORDS_KEY));
  return row?.value !== false;
}

export function isBootstrapAdmin(config: SsoConfig, username: string): boolean {
  // the usernames' normal form, as sign-in compares them ('ＢＯＳＳ' is boss)
  return sameUsername(username, config.bootstrapAdmin);
}

/** Called before a local sign-in checks the password: refused when local passwords are off. */
export async function assertLocalSignInAllowed(db: DbOrTx, config: SsoConfig, username: string): Promise<void> {
  if (isBootstrapAdmin(config, username)) return;
  if (!(await localPasswordsEnabled(db))) throw forbidden(SSO_MESSAGES.localOff);
}

export async function ssoAdminView(db: DbOrTx, config: SsoConfig): Promise<SsoAdmin> {
  return {
    localPasswordsEnabled: await localPasswordsEnabled(db),
    bootstrapAdmin: config.bootstrapAdmin,
    oidc: config.oidc ? { providerName: config.oidc.providerName, issuer: config.oidc.issuer } : null,
    ldap: config.ldap ? { url: config.ldap.url } : null,
  };
}

export async function setLocalPasswords(db: Db, config: SsoConfig, actorId: number, enabled: boolean): Promise<SsoAdmin> {
  if (!enabled && !config.oidc && !config.ldap) {
    throw badRequest('Set up OpenID Connect or LDAP on the hub before turning local passwords off.', 'local_passwords_enabled');
  }
  await db.transaction(async (tx) => {
    const before = await localPasswordsEnabled(tx);
    await tx.insert(settings).values({ key: LOCAL_PASSWORDS_KEY, value: enabled }).onConflictDoUpdate({ target: settings.key, set: { value: enabled } });
    if (before !== enabled) await recordAudit(tx, actorId, { entity: 'setting', entityId: LOCAL_PASSWORDS_KEY, action: 'update', before: { localPasswordsEnabled: before }, after: { localPasswordsEnabled: enabled } });
  });
  return ssoAdminView(db, config);
}
