import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_NAME } from './app-menu';

// 'Start at login'. macOS and Windows keep the login item themselves
// (app.setLoginItemSettings: a Login Item, the HKCU Run key). Electron does not do it on Linux, so
// there the app writes the XDG Autostart entry (a .desktop file in ~/.config/autostart) that GNOME,
// KDE, Xfce, Cinnamon and the rest start at sign-in, and removes it to turn the option off.
// The switch shows what the computer will do, read back from the OS (or the file): a login item
// the person removed in the system's own settings reads as off here too.

/** The part of Electron's app used here (macOS and Windows). */
export interface LoginItemApp {
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
}

export interface StartAtLoginDeps {
  platform: NodeJS.Platform;
  app: LoginItemApp;
  /** Linux: the autostart folder, autostartDir(process.env, os.homedir()) */
  autostartDir: string;
  /** Linux: the command line that starts this app, linuxLaunchCommand(…) */
  command: readonly string[];
}

export interface StartAtLogin {
  readonly available: boolean;
  enabled(): Promise<boolean>;
  set(on: boolean): Promise<void>;
  /** Linux: a present entry is rewritten, so an AppImage moved or a package updated still starts. */
  refresh(): Promise<void>;
}

export const AUTOSTART_FILE = 'bitstone-hub.desktop';

/** $XDG_CONFIG_HOME/autostart, or ~/.config/autostart (the XDG Base Directory default). */
export function autostartDir(env: NodeJS.ProcessEnv, home: string): string {
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(config, 'autostart');
}

/**
 * What starts this app: the AppImage file itself (process.execPath lies inside its mount, a new
 * folder each run), the installed binary, or in development Electron with the project folder.
 */
export function linuxLaunchCommand(input: { execPath: string; appImage?: string; isPackaged: boolean; appRoot: string }): string[] {
  if (input.appImage) return [input.appImage];
  return input.isPackaged ? [input.execPath] : [input.execPath, input.appRoot];
}

/**
 * One argument of an Exec line (Desktop Entry Specification, 'The Exec key'): quoted when it holds
 * a reserved character, with '"', '`', '$' and '\' escaped inside the quotes; then the value's own
 * escaping doubles every backslash, and '%' (a field code) is written '%%'.
 */
export function execArgument(arg: string): string {
  if (/[\r\n\0]/.test(arg)) throw new Error('A line break cannot be written in an autostart entry');
  const plain = arg.replace(/%/g, '%%');
  if (!/[\s"'\\><~|&;$*?#()`]/.test(plain)) return plain;
  return `"${plain.replace(/(["`$\\])/g, '\\$1')}"`.replace(/\\/g, '\\\\');
}

export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${APP_NAME}`,
    "Comment=Bitstone's staff hub",
    `Exec=${command.map(execArgument).join(' ')}`,
    'Icon=bitstone-hub',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function createStartAtLogin(deps: StartAtLoginDeps): StartAtLogin {
  const file = path.join(deps.autostartDir, AUTOSTART_FILE);
  const exists = () => readFile(file, 'utf8').then(() => true, (error: unknown) => (isMissing(error) ? false : Promise.reject(error)));
  const write = async () => {
    await mkdir(deps.autostartDir, { recursive: true });
    await writeFile(file, autostartEntry(deps.command), { mode: 0o644 });
  };

  if (deps.platform === 'linux') {
    return {
      available: true,
      enabled: exists,
      set: async (on) => (on ? write() : rm(file, { force: true })),
      refresh: async () => {
        if (await exists()) await write();
      },
    };
  }
  if (deps.platform === 'darwin' || deps.platform === 'win32') {
    return {
      available: true,
      enabled: async () => deps.app.getLoginItemSettings().openAtLogin,
      set: async (openAtLogin) => deps.app.setLoginItemSettings({ openAtLogin }),
      refresh: async () => {},
    };
  }
  return { available: false, enabled: async () => false, set: async () => {}, refresh: async () => {} };
}
