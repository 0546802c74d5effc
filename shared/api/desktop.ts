import { z } from 'zod';
import { DESKTOP_AGENT } from '../rules/user-agent-summary';
import { envelope } from './common';

// The desktop app's updates, served by the hub it is connected to. The contract between
// the hub's release routes (server/features/desktop-updates/desktop-releases-routes.ts) and the app's updater
// (electron/updater.ts), fixed here so both sides build on the same shape.

/** electron-updater's generic provider is pointed here: `${hub}/api${DESKTOP_UPDATES_PATH}/latest.yml` and the files it names. */
export const DESKTOP_UPDATES_PATH = '/desktop/updates';

/** process.platform values electron-builder publishes for: latest.yml (win32), latest-mac.yml, latest-linux.yml. */
export const DESKTOP_PLATFORMS = ['win32', 'darwin', 'linux'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];

/** GET /desktop/policy?platform=…: what the app needs to decide about updating, for signed-in users. */
/** A platform named in a request: the message says which ones there are. */
const platformSchema = z.enum(DESKTOP_PLATFORMS, { error: `Platform must be one of ${DESKTOP_PLATFORMS.join(', ')}.` });
export const desktopPolicyQuerySchema = z.object({ platform: platformSchema });
export const desktopPolicySchema = z.object({
  /** the newest release in the hub's releases folder for that platform, or null when there is none */
  latestVersion: z.string().nullable(),
  /** an admin marked this release required: an older app updates at its next start */
  requiredVersion: z.string().nullable(),
});
export type DesktopPolicy = z.infer<typeof desktopPolicySchema>;
export const desktopPolicyResponseSchema = envelope(desktopPolicySchema);

// --- the hub's releases folder, as Admin → Desktop app shows it --------------------------------

/** electron-builder's update metadata file for each platform, as the generic provider asks for it. */
export const DESKTOP_METADATA_FILES: Record<DesktopPlatform, string> = {
  win32: 'latest.yml',
  darwin: 'latest-mac.yml',
  linux: 'latest-linux.yml',
};

export const DESKTOP_PLATFORM_LABELS: Record<DesktopPlatform, string> = { win32: 'Windows', darwin: 'macOS', linux: 'Linux' };

/**
 * A file name the releases folder may hold: one path segment, no leading dot (the upload's
 * staging folders are dot-folders), none of the characters a path or a header would read
 * differently. electron-builder's names ('Bitstone Hub Setup 1.2.0.exe', '….AppImage.blockmap') fit.
 */
export const RELEASE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+-]{0,199}$/;
export const isReleaseFileName = (name: string) => RELEASE_FILE_NAME.test(name) && !name.includes('..');

export const DESKTOP_RELEASE_MESSAGES = {
  noRelease: 'No desktop release is published on this hub.',
  noFolder: 'This hub has no releases folder (HUB_RELEASES_DIR).',
  badFileName: 'Not a release file name.',
  notPublished: 'Only the published release of a platform can be marked required.',
  noFiles: 'Choose the update metadata (latest*.yml) and the files it names.',
  noMetadata: 'The upload has no update metadata (latest.yml, latest-mac.yml or latest-linux.yml).',
  badMetadata: 'Not electron-builder update metadata: it needs a version and the files it names, each with a sha512.',
  missing: 'Named by the update metadata but not uploaded.',
  sha512: 'Its sha512 does not match the update metadata.',
  size: 'Its size does not match the update metadata.',
  unnamed: 'Not named by any update metadata in the upload (nor a blockmap of a file it names).',
  tooLarge: 'The file is larger than the upload limit.',
  duplicate: 'Chosen twice.',
} as const;

/**
 * A refused upload answers one error per file, on the `files` field, the file named first
 * ('Setup.exe: Its sha512 does not match…'): a field name on the wire is snake_case, a file name is not.
 */
export const releaseFileError = (name: string, message: string) => `${name}: ${message}`;
/** The errors of an upload that are about the file `name`, without its name. */
export function errorsOfReleaseFile(name: string, messages: readonly string[]): string[] {
  const prefix = releaseFileError(name, '');
  return messages.filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length));
}

export const desktopPlatformParamsSchema = z.object({ platform: platformSchema });
export const desktopUpdateFileParamsSchema = z.object({ file: z.string().max(1000) });

export const desktopReleaseFileSchema = z.object({
  name: z.string(),
  /** bytes in the folder; null when the metadata names a file the folder does not hold */
  size: z.number().int().nullable(),
  /** the metadata gives its sha512 (the updater checks the download against it) */
  sha512: z.boolean(),
  /** a `.blockmap` beside it: updates download only the changed blocks */
  blockmap: z.boolean(),
});
export type DesktopReleaseFile = z.infer<typeof desktopReleaseFileSchema>;

export const desktopReleaseSchema = z.object({
  version: z.string(),
  releaseDate: z.string().nullable(),
  files: z.array(desktopReleaseFileSchema),
});
export type DesktopRelease = z.infer<typeof desktopReleaseSchema>;

export const desktopPlatformReleaseSchema = z.object({
  platform: z.enum(DESKTOP_PLATFORMS),
  /** what the platform's metadata file describes; null when there is none (or it cannot be read) */
  release: desktopReleaseSchema.nullable(),
  /** the admin's mark: apps older than this update at their next start */
  requiredVersion: z.string().nullable(),
});
export type DesktopPlatformRelease = z.infer<typeof desktopPlatformReleaseSchema>;

/** GET /desktop/releases (admin) */
export const desktopReleasesSchema = z.object({
  /** false: the hub has no releases folder, so nothing is served and nothing can be uploaded */
  folder: z.boolean(),
  platforms: z.array(desktopPlatformReleaseSchema),
});
export type DesktopReleases = z.infer<typeof desktopReleasesSchema>;
export const desktopReleasesResponseSchema = envelope(desktopReleasesSchema);

/** PUT /desktop/releases/:platform/required (admin); DELETE takes the mark away */
export const desktopRequiredBodySchema = z.object({ version: z.string().min(1).max(100) });
export const desktopPlatformReleaseResponseSchema = envelope(desktopPlatformReleaseSchema);

/** POST /desktop/releases (admin, multipart: field `files`, repeated): the platforms it published */
export const desktopUploadResponseSchema = envelope(z.object({ published: z.array(desktopPlatformReleaseSchema) }));
export const DESKTOP_UPLOAD_FIELD = 'files';

/** GET /desktop/connected-versions (admin): the app versions signed in now, from active sessions */
export const connectedVersionSchema = z.object({
  version: z.string(),
  platform: z.enum(DESKTOP_PLATFORMS).nullable(),
  people: z.number().int(),
  sessions: z.number().int(),
});
export type ConnectedVersion = z.infer<typeof connectedVersionSchema>;
export const connectedVersionsResponseSchema = envelope(z.object({ items: z.array(connectedVersionSchema) }));

/**
 * The app's version and platform from the User-Agent it sends (electron/main.ts:
 * 'BitstoneHub/1.4.0 (linux; Electron 37.2.0)'); null for anything else.
 */
export function desktopAgentOf(userAgent: string | null | undefined): { version: string; platform: DesktopPlatform | null } | null {
  const match = new RegExp(`^${DESKTOP_AGENT}/([^\\s(]+)(?:\\s*\\(([^;)]*))?`).exec(userAgent ?? '');
  if (!match) return null;
  const platform = DESKTOP_PLATFORMS.find((p) => p === match[2]?.trim()) ?? null;
  return { version: match[1].slice(0, 100), platform };
}
