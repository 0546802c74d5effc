import { describe, expect, it, vi } from 'vitest';
import { applyThemeChoice, themeSourceFor, windowBackground } from '../../electron/native-theme';
import { themeActions } from '../../electron/ipc/theme';
import { THEME_CHOICES } from '../../shared/api/preferences';

vi.mock('electron', () => ({}));

// Themes: main's whole part is telling nativeTheme the person's choice.

describe('nativeTheme follows the theme choice', () => {
  it('System, Light and Dark are themeSources of their own; High contrast makes the native parts dark', () => {
    expect(THEME_CHOICES.map(themeSourceFor)).toEqual(['system', 'light', 'dark', 'dark']);
  });

  it('sets themeSource only when it changes (each set makes Chromium re-evaluate every page)', () => {
    const writes: string[] = [];
    let source: 'system' | 'light' | 'dark' = 'system';
    const nativeTheme = {
      get themeSource() {
        return source;
      },
      set themeSource(value) {
        writes.push(value);
        source = value;
      },
    };
    applyThemeChoice(nativeTheme, 'dark');
    applyThemeChoice(nativeTheme, 'high-contrast');
    applyThemeChoice(nativeTheme, 'system');
    expect(writes).toEqual(['dark', 'system']);
  });

  it('the theme:set action applies the choice, and is harmless where there is no nativeTheme', async () => {
    const nativeTheme = { themeSource: 'system' as 'system' | 'light' | 'dark' };
    const event = { senderFrame: { url: 'file:///app/index.html' } };
    expect(await themeActions({ nativeTheme })['theme:set']({ choice: 'light' }, event)).toBeNull();
    expect(nativeTheme.themeSource).toBe('light');
    expect(await themeActions({})['theme:set']({ choice: 'dark' }, event)).toBeNull();
  });

  it("the window's own background matches the page's in the theme the OS asks for", () => {
    expect(windowBackground({ shouldUseDarkColors: false, shouldUseHighContrastColors: false })).toBe('#f5f5f5');
    expect(windowBackground({ shouldUseDarkColors: true, shouldUseHighContrastColors: false })).toBe('#1f1f1f');
    expect(windowBackground({ shouldUseDarkColors: true, shouldUseHighContrastColors: true })).toBe('#000000');
  });
});
