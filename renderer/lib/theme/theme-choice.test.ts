import { describe, expect, it } from 'vitest';
import { THEME_CHOICES, type ThemeChoice } from '../../../shared/api/preferences';
import bootScript from '../../public/theme-boot.js?raw';
import { clearOwnKeys, storageKey } from '../session/storage';
import { appliedTheme, cacheChoice, cachedChoice, FORCED_COLORS_QUERY, LAST_THEME_KEY, SYSTEM_DARK_QUERY, userThemeKey, type AppliedTheme, type SystemTheme } from './theme-choice';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const SYSTEMS: SystemTheme[] = [
  { dark: false, forcedColors: false },
  { dark: true, forcedColors: false },
  { dark: false, forcedColors: true },
  { dark: true, forcedColors: true },
];

describe('the theme a screen paints in', () => {
  it('System follows the operating system: forced colours first, then the colour scheme', () => {
    expect(appliedTheme('system', { dark: false, forcedColors: false })).toBe('light');
    expect(appliedTheme('system', { dark: true, forcedColors: false })).toBe('dark');
    expect(appliedTheme('system', { dark: false, forcedColors: true })).toBe('high-contrast');
    expect(appliedTheme('system', { dark: true, forcedColors: true })).toBe('high-contrast');
  });

  it("a person's own choice wins over whatever the system asks for", () => {
    for (const system of SYSTEMS) {
      expect(appliedTheme('light', system)).toBe('light');
      expect(appliedTheme('dark', system)).toBe('dark');
      expect(appliedTheme('high-contrast', system)).toBe('high-contrast');
    }
  });
});

describe('the cached choice (first paint before the hub answers)', () => {
  it('nothing cached: System', () => {
    expect(cachedChoice(memoryStorage(), null)).toBe('system');
    expect(cachedChoice(memoryStorage(), 7)).toBe('system');
    expect(cachedChoice(undefined, 7)).toBe('system');
  });

  it("a person's own choice, else the device's last one (the login page's)", () => {
    const storage = memoryStorage();
    cacheChoice(storage, 7, 'dark');
    cacheChoice(storage, 8, 'high-contrast');
    expect(cachedChoice(storage, 7)).toBe('dark');
    expect(cachedChoice(storage, 8)).toBe('high-contrast');
    expect(cachedChoice(storage, null)).toBe('high-contrast');
    expect(cachedChoice(storage, 9)).toBe('high-contrast');
  });

  it('System is kept as no key at all, so a person who never chose leaves nothing behind', () => {
    const storage = memoryStorage();
    cacheChoice(storage, 7, 'dark');
    cacheChoice(storage, 7, 'system');
    expect([...storage.map.keys()]).toEqual([]);
    expect(cachedChoice(storage, 7)).toBe('system');
  });

  it('a tampered or stale value falls back instead of reaching the screens', () => {
    const storage = memoryStorage({ [userThemeKey(7)]: 'solarized', [LAST_THEME_KEY]: 'dark' });
    expect(cachedChoice(storage, 7)).toBe('dark');
    storage.setItem(LAST_THEME_KEY, '<script>');
    expect(cachedChoice(storage, 7)).toBe('system');
  });

  it('storage that throws (disabled by policy) is the default, and writing to it is harmless', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    expect(cachedChoice(refusing, 7)).toBe('system');
    expect(() => cacheChoice(refusing, 7, 'dark')).not.toThrow();
  });

  it("a sign-out's sweep keeps the theme choices and removes the session", () => {
    const storage = memoryStorage({ [storageKey('user')]: '{"id":7}' });
    cacheChoice(storage, 7, 'dark');
    clearOwnKeys(storage);
    expect(storage.getItem(storageKey('user'))).toBeNull();
    expect(cachedChoice(storage, null)).toBe('dark');
  });
});

/** Runs public/theme-boot.js against a fake page, as the browser does before the bundle. */
function runBootScript(storage: ReturnType<typeof memoryStorage>, system: SystemTheme) {
  const attributes = new Map<string, string>();
  const documentElement = { setAttribute: (k: string, v: string) => void attributes.set(k, v), style: { colorScheme: '' } };
  const window = {
    localStorage: storage,
    matchMedia: (query: string) => ({ matches: query === SYSTEM_DARK_QUERY ? system.dark : query === FORCED_COLORS_QUERY ? system.forcedColors : false }),
  };
  new Function('window', 'document', bootScript)(window, { documentElement });
  return { theme: attributes.get('data-theme'), colorScheme: documentElement.style.colorScheme };
}

describe('public/theme-boot.js, the same rule before the bundle', () => {
  it('paints what appliedTheme says for every choice, system and signed-in person', () => {
    const choices: Array<ThemeChoice | null> = [null, ...THEME_CHOICES];
    for (const system of SYSTEMS) {
      for (const mine of choices) {
        for (const last of choices) {
          const storage = memoryStorage({ [storageKey('user')]: JSON.stringify({ id: 7, name: 'Ada' }) });
          if (mine) storage.setItem(userThemeKey(7), mine);
          if (last) storage.setItem(LAST_THEME_KEY, last);
          const expected: AppliedTheme = appliedTheme(cachedChoice(storage, 7), system);
          expect(runBootScript(storage, system), JSON.stringify({ system, mine, last })).toEqual({
            theme: expected,
            colorScheme: expected === 'light' ? 'light' : 'dark',
          });
        }
      }
    }
  });

  it("signed out it paints the device's last choice; a broken user entry is no person", () => {
    const storage = memoryStorage({ [LAST_THEME_KEY]: 'dark', [userThemeKey(7)]: 'light', [storageKey('user')]: '{not json' });
    expect(runBootScript(storage, SYSTEMS[0]).theme).toBe('dark');
  });

  it('reads the very keys the app writes', () => {
    expect(bootScript).toContain(`'${storageKey('user')}'`);
    expect(bootScript).toContain(`'${LAST_THEME_KEY}'`);
    expect(bootScript).toContain(`'${userThemeKey(0).replace(/0$/, '')}'`);
    expect(bootScript).toContain(`'${SYSTEM_DARK_QUERY}'`);
    expect(bootScript).toContain(`'${FORCED_COLORS_QUERY}'`);
  });
});
