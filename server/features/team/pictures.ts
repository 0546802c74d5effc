import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, files, users } from '../../db/schema';

// Profile pictures live in the files table (design §3): no filesystem path ever comes from a user.

export async function savePicture(db: Db, actor: Actor, userId: number, data: Buffer, contentType: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ pictureFileId: users.pictureFileId }).from(users).where(eq(users.id, userId));
    const [file] = await tx.insert(files).values({ kind: 'picture', ownerUserId: userId, name: `user-${userId}`, contentType, size: data.length, data }).returning({ id: files.id });
    await tx.update(users).set({ pictureFileId: file.id, imageUrl: null, updatedAt: new Date() }).where(eq(users.id, userId));
    if (user?.pictureFileId) await tx.delete(files).where(and(eq(files.id, user.pictureFileId), eq(files.kind, 'picture')));
    await tx.insert(auditLog).values({ actorId: actor.id, entity: 'user', entityId: String(userId), action: 'picture', before: null, after: { size: data.length } });
  });
}

export async function loadPicture(db: DbOrTx, fileId: string) {
  const [file] = await db.select({ id: files.id, contentType: files.contentType, data: files.data }).from(files).where(eq(files.id, fileId));
  return file ?? null;
}
