import { z } from 'zod';
import { envelope } from './common';

// Themes: GET/PUT /preferences, the caller's own display preferences, kept on the hub
// so a person's choice follows them to every browser and desktop app they sign in from.

/** 'system' follows the operating system (prefers-color-scheme, forced-colors). */
export const THEME_CHOICES = ['system', 'light', 'dark', 'high-contrast'] as const;
export const themeChoiceSchema = z.enum(THEME_CHOICES, { error: 'Choose System, Light, Dark or High contrast' });
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/** Settings' radio labels, one per choice. */
export const THEME_CHOICE_LABELS: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  'high-contrast': 'High contrast',
};

/** A person who never chose follows the system. */
export const DEFAULT_THEME_CHOICE: ThemeChoice = 'system';

export const preferencesSchema = z.object({ theme: themeChoiceSchema });
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponseSchema = envelope(preferencesSchema);

/** PUT: the whole set (one preference so far; a later one joins as optional, keeping old clients valid). */
export const preferencesBodySchema = preferencesSchema;
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;
