import type { NativeTheme } from 'electron';
import type { ThemeChoice } from '../shared/api/preferences';

// Themes: the renderer decides the theme (renderer/lib/theme); main only tells Chromium
// and the operating system the person's choice. With themeSource set, the page's
// prefers-color-scheme follows it, and so do the native parts (scroll bars, dialogs, title bar).

type ThemeSource = NativeTheme['themeSource'];

/**
 * High contrast has no themeSource of its own (the OS's high-contrast mode reaches the page as
 * forced-colors whatever main says); Fluent's high-contrast canvas is black, so the native parts go dark.
 */
export function themeSourceFor(choice: ThemeChoice): ThemeSource {
  if (choice === 'high-contrast') return 'dark';
  return choice;
}

export function applyThemeChoice(nativeTheme: Pick<NativeTheme, 'themeSource'>, choice: ThemeChoice): void {
  const source = themeSourceFor(choice);
  if (nativeTheme.themeSource !== source) nativeTheme.themeSource = source;
}

/** The window's own colour behind the page (seen while it resizes): the page background of the theme the OS asks for. */
export function windowBackground(nativeTheme: Pick<NativeTheme, 'shouldUseDarkColors' | 'shouldUseHighContrastColors'>): string {
  if (nativeTheme.shouldUseHighContrastColors) return '#000000';
  return nativeTheme.shouldUseDarkColors ? '#1f1f1f' : '#f5f5f5';
}
