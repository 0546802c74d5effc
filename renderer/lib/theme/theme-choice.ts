import { DEFAULT_THEME_CHOICE, themeChoiceSchema, type ThemeChoice } from '../../../shared/api/preferences';
import { deviceKey } from '../session/storage';

// Which theme a screen paints in, from the person's choice and the system.
// The same rule runs before the bundle in public/theme-boot.js (so the first paint does not flash);
// theme-choice.test.ts runs that file against this one.

export type AppliedTheme = 'light' | 'dark' | 'high-contrast';

/** What the operating system asks for, as the page's media queries report it. */
export interface SystemTheme {
  /** prefers-color-scheme: dark (in Electron it follows nativeTheme.themeSource) */
  dark: boolean;
  /** forced-colors: active (Windows high contrast and the like) */
  forcedColors: boolean;
}

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';
export const FORCED_COLORS_QUERY = '(forced-colors: active)';

/** A person's own choice wins; 'system' takes forced colours first, then the colour scheme. */
export function appliedTheme(choice: ThemeChoice, system: SystemTheme): AppliedTheme {
  if (choice === 'light' || choice === 'dark' || choice === 'high-contrast') return choice;
  if (system.forcedColors) return 'high-contrast';
  return system.dark ? 'dark' : 'light';
}

// The last choice on this device (the login page's) and each person's own, so a reload, a
// sign-in or the next start paints in it before the hub answers. Device keys: a sign-out keeps them.
export const LAST_THEME_KEY = deviceKey('theme.last');
export const userThemeKey = (userId: number) => deviceKey(`theme.user.${userId}`);

type ThemeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read(storage: ThemeStorage, key: string): ThemeChoice | null {
  try {
    const parsed = themeChoiceSchema.safeParse(storage.getItem(key));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // storage refused by policy
  }
}

/** The person's cached choice, else the device's last one, else the default. */
export function cachedChoice(storage: ThemeStorage | undefined, userId: number | null): ThemeChoice {
  if (!storage) return DEFAULT_THEME_CHOICE;
  return (userId !== null ? read(storage, userThemeKey(userId)) : null) ?? read(storage, LAST_THEME_KEY) ?? DEFAULT_THEME_CHOICE;
}

/** The default is kept as no key at all: a person who never chose leaves nothing behind. */
export function cacheChoice(storage: ThemeStorage | undefined, userId: number | null, choice: ThemeChoice): void {
  if (!storage) return;
  const keys = userId === null ? [LAST_THEME_KEY] : [userThemeKey(userId), LAST_THEME_KEY];
  try {
    for (const key of keys) {
      if (choice === DEFAULT_THEME_CHOICE) storage.removeItem(key);
      else storage.setItem(key, choice);
    }
  } catch {
    // storage full or refused: the hub still has the choice
  }
}
