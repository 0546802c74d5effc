import { createContext, useContext, useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FluentProvider, type Theme } from '@fluentui/react-components';
import type { ThemeChoice } from '../../../shared/api/preferences';
import { userAtom } from '../session/session';
import { hubBridge } from '../transport';
import { FLUENT_THEMES } from './fluent-themes';
import { usePreferences, useSaveTheme } from './preferences';
import { useSystemTheme } from './system-theme';
import { appliedTheme, cacheChoice, cachedChoice, type AppliedTheme } from './theme-choice';

// The person's choice (the hub's answer, else what this device cached) with the
// operating system's wish decide the Fluent theme; the page, the first paint of the next start
// (the cache) and, on the desktop, Electron's nativeTheme are kept in step with it.

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const AppliedThemeContext = createContext<AppliedTheme>('light');

/** light, dark or high-contrast: for what the app draws itself (charts, calendar events, bars). */
export function useAppliedTheme(): AppliedTheme {
  return useContext(AppliedThemeContext);
}

/** The Fluent theme in use, for colours that cannot be CSS variables (a chart's SVG attributes). */
export function useFluentTheme(): Theme {
  return FLUENT_THEMES[useAppliedTheme()];
}

/** Settings' choice: the person's current one and a save that shows at once. */
export function useThemeChoice() {
  const user = useAtomValue(userAtom);
  const userId = user?.id ?? null;
  const preferences = usePreferences(userId);
  const save = useSaveTheme(userId);
  const cached = useMemo(() => cachedChoice(localStore(), userId), [userId]);
  const choice: ThemeChoice = preferences.data?.theme ?? cached;
  return { choice, save, loading: preferences.isPending && userId !== null };
}

export function ThemeProvider({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const user = useAtomValue(userAtom);
  const userId = user?.id ?? null;
  const { choice } = useThemeChoice();
  const confirmed = usePreferences(userId).data?.theme;
  const system = useSystemTheme();
  const applied = appliedTheme(choice, system);

  // What the hub confirmed is what the next start paints first (public/theme-boot.js reads it).
  useEffect(() => {
    if (confirmed) cacheChoice(localStore(), userId, confirmed);
  }, [confirmed, userId]);

  // The page around the React root (its background, scroll bars, form controls) in the same theme.
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-theme', applied);
    root.style.colorScheme = applied === 'light' ? 'light' : 'dark';
  }, [applied]);

  // Desktop: nativeTheme follows the choice (in 'system' the page's media queries follow the OS).
  useEffect(() => {
    void hubBridge()?.invoke('theme:set', { choice });
  }, [choice]);

  return (
    <AppliedThemeContext.Provider value={applied}>
      <FluentProvider theme={FLUENT_THEMES[applied]} style={style} data-theme={applied}>
        {children}
      </FluentProvider>
    </AppliedThemeContext.Provider>
  );
}
