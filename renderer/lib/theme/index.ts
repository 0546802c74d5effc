// The app's theme (light, dark, high contrast) from the person's choice and the system.
export { ThemeProvider, useAppliedTheme, useFluentTheme, useThemeChoice } from './ThemeProvider';
export { useSystemTheme } from './system-theme';
export type { AppliedTheme } from './theme-choice';
