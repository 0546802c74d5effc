import { and, eq, sql } from 'drizzle-orm';
import { hasCapability } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import { dottedName } from '../../../shared/rules/vpn-file';
import type { Db, DbOrTx } from '../../db/client';
import { files, users } from '../../db/schema';
import { forbidden, notFound } from '../../http-errors';

// The VPN file of spec §4/§7: one .ovpn per user, stored in the files table under its owner.

export interface VpnOwner { id: number; name: string; dotted: string }

/** Members (archived ones too, for admins) whose dotted name is `dotted` (spec §5: lower case, spaces replaced by dots). */
async function findByDotted(db: DbOrTx, dotted: string): Promise<VpnOwner | null> {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users)
    .where(and(sql`regexp_replace(lower(trim(${users.name})), '\\s+', '.', 'g') = ${dotted}`))
    .limit(1);
  return row ? { ...row, dotted } : null;
}

/** Only the owner of the name, or an admin (view-admin), may touch a VPN file (spec §2: the profile's FILES section is the owner's or admins'). */
export async function vpnOwnerFor(db: DbOrTx, actor: Actor & { name: string }, dotted: string): Promise<VpnOwner> {
  if (dottedName(actor.name) === dotted) return { id: actor.id, name: actor.name, dotted };
  if (!hasCapability(actor, 'VIEW_ADMIN')) throw forbidden();
  const owner = await findByDotted(db, dotted);
  if (!owner) throw notFound('There is no member with this name.');
  return owner;
}

export async function findVpnOwnerForUpload(db: DbOrTx, actor: Actor & { name: string }, dotted: string): Promise<VpnOwner | null> {
  if (dottedName(actor.name) === dotted) return { id: actor.id, name: actor.name, dotted };
  if (!hasCapability(actor, 'VIEW_ADMIN')) return null;
  return findByDotted(db, dotted);
}

const ovpnOf = (userId: number) => and(eq(files.ownerUserId, userId), eq(files.kind, 'ovpn'));

export async function vpnFile(db: DbOrTx, owner: VpnOwner) {
  const [file] = await db.select({ name: files.name, data: files.data }).from(files).where(ovpnOf(owner.id)).limit(1);
  return file ?? null;
}

export async function saveVpnFile(db: Db, owner: VpnOwner, data: Buffer): Promise<string> {
  const name = `${owner.dotted}.ovpn`;
  await db.transaction(async (tx) => {
    await tx.delete(files).where(ovpnOf(owner.id));
    await tx.insert(files).values({ kind: 'ovpn', ownerUserId: owner.id, name, contentType: 'application/x-openvpn-profile', size: data.length, data });
  });
  return name;
}

export async function deleteVpnFile(db: DbOrTx, owner: VpnOwner): Promise<boolean> {
  const deleted = await db.delete(files).where(ovpnOf(owner.id)).returning({ id: files.id });
  return deleted.length > 0;
}
