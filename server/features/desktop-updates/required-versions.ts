import { eq } from 'drizzle-orm';
import { DESKTOP_PLATFORMS, DESKTOP_RELEASE_MESSAGES, type DesktopPlatform, type DesktopPlatformRelease, type DesktopReleases } from '../../../shared/api/desktop';
import type { Db, DbOrTx } from '../../db/client';
import { desktopRequiredVersions } from './schema';
import { badRequest } from '../../http-errors';
import { recordAudit } from '../audit';
import { describeRelease, platformMetadata } from './releases-folder';

// An admin can mark a release as required (the app then says so and updates at the
// next start). The mark names a version, so publishing a newer release later keeps older apps
// required to reach at least the marked one; the updater then installs the newest.

export async function requiredVersions(db: DbOrTx): Promise<Record<DesktopPlatform, string | null>> {
  const rows = await db.select().from(desktopRequiredVersions);
  const byPlatform = Object.fromEntries(DESKTOP_PLATFORMS.map((p) => [p, null])) as Record<DesktopPlatform, string | null>;
  for (const row of rows) if ((DESKTOP_PLATFORMS as readonly string[]).includes(row.platform)) byPlatform[row.platform as DesktopPlatform] = row.version;
  return byPlatform;
}

export async function platformRelease(db: DbOrTx, dir: string | null, platform: DesktopPlatform, required?: string | null): Promise<DesktopPlatformRelease> {
  const metadata = await platformMetadata(dir, platform);
  const requiredVersion = required !== undefined ? required : (await requiredVersions(db))[platform];
  return { platform, release: dir && metadata ? await describeRelease(dir, metadata) : null, requiredVersion };
}

export async function listReleases(db: DbOrTx, dir: string | null): Promise<DesktopReleases> {
  const required = await requiredVersions(db);
  const platforms = await Promise.all(DESKTOP_PLATFORMS.map((p) => platformRelease(db, dir, p, required[p])));
  return { folder: dir !== null, platforms };
}

/** GET /desktop/policy: what an app on that platform needs to decide about updating. */
export async function desktopPolicy(db: DbOrTx, dir: string | null, platform: DesktopPlatform) {
  const [metadata, required] = await Promise.all([platformMetadata(dir, platform), requiredVersions(db)]);
  return { latestVersion: metadata?.version ?? null, requiredVersion: required[platform] };
}

/** Marks the platform's published release required (audited with the mark before and after). */
export async function markRequired(db: Db, dir: string | null, actorId: number, platform: DesktopPlatform, version: string): Promise<DesktopPlatformRelease> {
  const metadata = await platformMetadata(dir, platform);
  if (!metadata || metadata.version !== version) throw badRequest(DESKTOP_RELEASE_MESSAGES.notPublished, 'version');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(desktopRequiredVersions).where(eq(desktopRequiredVersions.platform, platform)).for('update');
    if (before?.version === version) return;
    await tx.insert(desktopRequiredVersions).values({ platform, version, markedBy: actorId, markedAt: new Date() })
      .onConflictDoUpdate({ target: desktopRequiredVersions.platform, set: { version, markedBy: actorId, markedAt: new Date() } });
    await recordAudit(tx, actorId, { entity: 'desktop_release', entityId: platform, action: 'require', before: { requiredVersion: before?.version ?? null }, after: { requiredVersion: version } });
  });
  return platformRelease(db, dir, platform, version);
}

/** Takes the mark away: no app is made to update. Nothing marked, nothing changes (and no audit row). */
export async function unmarkRequired(db: Db, dir: string | null, actorId: number, platform: DesktopPlatform): Promise<DesktopPlatformRelease> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(desktopRequiredVersions).where(eq(desktopRequiredVersions.platform, platform)).returning();
    if (!removed) return;
    await recordAudit(tx, actorId, { entity: 'desktop_release', entityId: platform, action: 'not-required', before: { requiredVersion: removed.version }, after: { requiredVersion: null } });
  });
  return platformRelease(db, dir, platform, null);
}
