import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { LINK_MESSAGES, type Link, type LinkBody } from '../../../shared/api/links';
import type { ImageType } from '../../../shared/rules/image-type';
import type { Db, DbOrTx } from '../../db/client';
import { files, links } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { recordAudit } from '../audit';

// Links (spec §2 Dashboard and Links tab, §3 Link, §4 links are deleted and restored). Pictures
// live in the files table (design §3), one row per upload; the old one goes when replaced.

type LinkRow = typeof links.$inferSelect;

const view = (row: LinkRow): Link => ({
  id: row.id, name: row.name, url: row.url, description: row.description, category: row.category,
  status: row.status === 'deleted' ? 'deleted' : 'active', pictureVersion: row.pictureFileId,
});

export async function listLinks(db: DbOrTx, includeDeleted: boolean): Promise<Link[]> {
  const rows = await db.select().from(links).where(includeDeleted ? undefined : eq(links.status, 'active'))
    .orderBy(asc(links.category), asc(links.name), asc(links.id));
  return rows.map(view);
}

async function lockLink(tx: DbOrTx, id: number): Promise<LinkRow> {
  const [row] = await tx.select().from(links).where(eq(links.id, id)).for('update');
  if (!row) throw notFound(LINK_MESSAGES.notFound);
  return row;
}

export async function createLink(db: Db, actorId: number, body: LinkBody): Promise<Link> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(links).values(body).returning();
    await recordAudit(tx, actorId, { entity: 'link', entityId: row.id, action: 'create', after: view(row) });
    return view(row);
  });
}

export async function updateLink(db: Db, actorId: number, id: number, body: LinkBody): Promise<Link> {
  return db.transaction(async (tx) => {
    const before = await lockLink(tx, id);
    const [row] = await tx.update(links).set(body).where(eq(links.id, id)).returning();
    await recordAudit(tx, actorId, { entity: 'link', entityId: id, action: 'update', before: view(before), after: view(row) });
    return view(row);
  });
}

export async function setLinkStatus(db: Db, actorId: number, id: number, status: 'active' | 'deleted'): Promise<Link> {
  return db.transaction(async (tx) => {
    const before = await lockLink(tx, id);
    if (status === 'active' && before.status !== 'deleted') throw badRequest(LINK_MESSAGES.notDeleted);
    // a second delete finds nothing to delete and writes no audit row (SECURITY.md 'Deleting twice')
    if (status === 'deleted' && before.status === 'deleted') throw notFound(LINK_MESSAGES.alreadyDeleted);
    const [row] = await tx.update(links).set({ status }).where(eq(links.id, id)).returning();
    const action = status === 'deleted' ? 'delete' : 'restore';
    await recordAudit(tx, actorId, { entity: 'link', entityId: id, action, before: view(before), after: view(row) });
    return view(row);
  });
}

export async function setLinkPicture(db: Db, actorId: number, id: number, bytes: Buffer, contentType: ImageType): Promise<Link> {
  return db.transaction(async (tx) => {
    const before = await lockLink(tx, id);
    const fileId = randomUUID();
    const ext = contentType === 'image/png' ? 'png' : 'jpg';
    await tx.insert(files).values({ id: fileId, kind: 'link_picture', name: `link-${id}.${ext}`, contentType, size: bytes.length, data: bytes });
    const [row] = await tx.update(links).set({ pictureFileId: fileId }).where(eq(links.id, id)).returning();
    if (before.pictureFileId) await tx.delete(files).where(eq(files.id, before.pictureFileId));
    await recordAudit(tx, actorId, {
      entity: 'link', entityId: id, action: 'picture',
      before: { pictureVersion: before.pictureFileId }, after: { pictureVersion: fileId, contentType, size: bytes.length },
    });
    return view(row);
  });
}

export async function linkPicture(db: DbOrTx, id: number): Promise<{ link: LinkRow; file: { data: Buffer; contentType: string } | null } | null> {
  const [link] = await db.select().from(links).where(eq(links.id, id));
  if (!link) return null;
  if (!link.pictureFileId) return { link, file: null };
  const [file] = await db.select({ data: files.data, contentType: files.contentType }).from(files).where(eq(files.id, link.pictureFileId));
  return { link, file: file ?? null };
}
