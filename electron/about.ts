import type { BrowserWindow, Clipboard, Dialog } from 'electron';
import { z } from 'zod';
import { APP_NAME } from './app-menu';

// 'About Bitstone Hub' names every version support asks for: the app's, the hub's it
// is connected to, and the Electron, Chromium and Node it runs on. A message box rather than
// macOS's About panel: the hub's version is only known once it is asked, on click.

/** What the hub said when asked: its version, or that it answered without one, or no answer. */
export type HubVersion = { connected: true; version: string | null; where: string } | { connected: false };

export interface AboutVersions {
  app: string;
  hub: HubVersion;
  /** process.versions */
  electron: string;
  chrome: string;
  node: string;
}

export const NOT_CONNECTED = 'not connected';

export function aboutDetail(v: AboutVersions): string {
  const hub = !v.hub.connected ? NOT_CONNECTED : `${v.hub.version ?? 'version not reported'} (${v.hub.where})`;
  return [`Version ${v.app}`, `Hub: ${hub}`, `Electron: ${v.electron}`, `Chromium: ${v.chrome}`, `Node: ${v.node}`].join('\n');
}

// The hub's /health answers publicly (server/features/health/health-routes.ts). Its version and levels
// are read leniently: a hub from before them answers without, and is still a hub.
const healthLevelsSchema = z.object({
  version: z.string().min(1).optional().catch(undefined),
  apiLevel: z.number().int().nonnegative().optional().catch(undefined),
  minAppVersion: z.string().min(1).optional().catch(undefined),
});

/** What the hub's /health said about itself: also the version check's input (hub-compat.ts). */
export type HubHealth =
  | { connected: true; version: string | null; apiLevel: number | null; minAppVersion: string | null; where: string }
  | { connected: false };

export interface HubVersionDeps {
  /** HubClient.request without ending the session on a 401 */
  request: (req: { method: 'GET'; path: string }) => Promise<unknown>;
  /** the company hub's address, or null for the built-in hub */
  hubUrl: () => string | null;
  /** the About box does not wait longer than this for a hub that is starting or away */
  timeoutMs?: number;
}

export async function hubHealth(deps: HubVersionDeps): Promise<HubHealth> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), deps.timeoutMs ?? 3000);
  });
  try {
    const health = await Promise.race([deps.request({ method: 'GET', path: '/health' }), timeout]);
    const parsed = healthLevelsSchema.safeParse(health);
    const levels = parsed.success ? parsed.data : {};
    return {
      connected: true,
      version: levels.version ?? null,
      apiLevel: levels.apiLevel ?? null,
      minAppVersion: levels.minAppVersion ?? null,
      where: deps.hubUrl() ?? 'built-in hub',
    };
  } catch {
    return { connected: false };
  } finally {
    clearTimeout(timer);
  }
}

export async function hubVersion(deps: HubVersionDeps): Promise<HubVersion> {
  const health = await hubHealth(deps);
  return health.connected ? { connected: true, version: health.version, where: health.where } : health;
}

export interface ShowAboutDeps {
  dialog: Pick<Dialog, 'showMessageBox'>;
  clipboard: Pick<Clipboard, 'writeText'>;
  window: () => BrowserWindow | null;
  versions: () => Promise<AboutVersions>;
}

/** Shows the About box; 'Copy' puts the versions on the clipboard for a support request. */
export async function showAbout(deps: ShowAboutDeps): Promise<void> {
  const detail = aboutDetail(await deps.versions());
  const options = { type: 'info' as const, title: `About ${APP_NAME}`, message: APP_NAME, detail, buttons: ['OK', 'Copy'], defaultId: 0, cancelId: 0, noLink: true };
  const parent = deps.window();
  const { response } = parent ? await deps.dialog.showMessageBox(parent, options) : await deps.dialog.showMessageBox(options);
  if (response === 1) deps.clipboard.writeText(`${APP_NAME}\n${detail}`);
}
