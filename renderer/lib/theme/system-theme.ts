import { useSyncExternalStore } from 'react';
import { FORCED_COLORS_QUERY, SYSTEM_DARK_QUERY, type SystemTheme } from './theme-choice';

// What the operating system asks for, live: a change in the OS (or, in Electron, of
// nativeTheme.themeSource) repaints at once.

const QUERIES = [SYSTEM_DARK_QUERY, FORCED_COLORS_QUERY];

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const lists = QUERIES.map((q) => window.matchMedia(q));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

// useSyncExternalStore compares snapshots with Object.is: one string key per combination.
const snapshot = () => `${matches(SYSTEM_DARK_QUERY) ? 'dark' : 'light'}/${matches(FORCED_COLORS_QUERY) ? 'forced' : 'normal'}`;

export function useSystemTheme(): SystemTheme {
  const [scheme, forced] = useSyncExternalStore(subscribe, snapshot, snapshot).split('/');
  return { dark: scheme === 'dark', forcedColors: forced === 'forced' };
}
