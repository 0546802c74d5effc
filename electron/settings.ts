import type { KeyValueStore } from './token-store';

/** Settings kept in electron-store: only the hub address for now (null: the embedded hub). */
export interface SettingsStore {
  hubUrl(): string | null;
  setHubUrl(url: string | null): void;
}

const HUB_URL_KEY = 'hubUrl';

export function createSettingsStore(store: KeyValueStore): SettingsStore {
  return {
    hubUrl() {
      const value = store.get(HUB_URL_KEY);
      if (typeof value !== 'string') return null;
      try {
        return normalizeHubUrl(value);
      } catch {
        return null; // a hand-edited config file must not stop the app from starting
      }
    },
    setHubUrl(url) {
      if (url === null) store.delete(HUB_URL_KEY);
      else store.set(HUB_URL_KEY, normalizeHubUrl(url));
    },
  };
}

/**
 * One spelling per hub, so its token is found again: http(s) only, no query or fragment, no
 * trailing slash, and no '/api' (users paste what they see in the browser's address bar).
 */
export function normalizeHubUrl(raw: string): string {
  const url = new URL(raw.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('The hub address must start with http:// or https://');
  if (url.username || url.password) throw new Error('The hub address must not contain a user name or password');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${url.origin}${path}`;
}

/** the desktop app's own switches, each under its own key beside the hub address. */
export interface DesktopPreferences {
  /** closing the window hides it in the tray (Windows and Linux); off by default */
  keepInTray(): boolean;
  setKeepInTray(on: boolean): void;
}

const KEEP_IN_TRAY_KEY = 'keepInTray';

export function createDesktopPreferences(store: KeyValueStore): DesktopPreferences {
  return {
    // anything but a stored true (a hand-edited file included) is the default, off
    keepInTray: () => store.get(KEEP_IN_TRAY_KEY) === true,
    setKeepInTray(on) {
      if (on) store.set(KEEP_IN_TRAY_KEY, true);
      else store.delete(KEEP_IN_TRAY_KEY);
    },
  };
}
