import { z } from 'zod';
import { envelope } from './common';

// issue 22: the desktop app's updates, served by the hub it is connected to. The contract between
// the hub's release routes (server/routes/desktop-releases.ts) and the app's updater
// (electron/updater.ts), fixed here so both sides build on the same shape.

/** electron-updater's generic provider is pointed here: `${hub}/api${DESKTOP_UPDATES_PATH}/latest.yml` and the files it names. */
export const DESKTOP_UPDATES_PATH = '/desktop/updates';

/** process.platform values electron-builder publishes for: latest.yml (win32), latest-mac.yml, latest-linux.yml. */
export const DESKTOP_PLATFORMS = ['win32', 'darwin', 'linux'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];

/** GET /desktop/policy?platform=…: what the app needs to decide about updating, for signed-in users. */
export const desktopPolicyQuerySchema = z.object({ platform: z.enum(DESKTOP_PLATFORMS) });
export const desktopPolicySchema = z.object({
  /** the newest release in the hub's releases folder for that platform, or null when there is none */
  latestVersion: z.string().nullable(),
  /** an admin marked this release required: an older app updates at its next start */
  requiredVersion: z.string().nullable(),
});
export type DesktopPolicy = z.infer<typeof desktopPolicySchema>;
export const desktopPolicyResponseSchema = envelope(desktopPolicySchema);
