import { createDarkTheme, createHighContrastTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import { PRIMARY_COLOR } from '../../../shared/rules/constants';
import type { AppliedTheme } from './theme-choice';

// spec §9: the primary colour #004C7C. Fluent's light theme fills buttons and the header with
// brand shade 80, so the ramp is built around it: darker towards 10, lighter towards 160.

function mix(hex: string, target: number, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(c + (target - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

export function brandRamp(primary: string): BrandVariants {
  const entries = SHADES.map((shade) => {
    const steps = (shade - 80) / 10; // -7 … +8
    const color = steps === 0 ? primary : steps < 0 ? mix(primary, 0, (-steps / 7) * 0.8) : mix(primary, 255, (steps / 8) * 0.92);
    return [shade, color] as const;
  });
  return Object.fromEntries(entries) as unknown as BrandVariants;
}

const brand = brandRamp(PRIMARY_COLOR.toLowerCase());

export const hubLightTheme: Theme = createLightTheme(brand);

// Fluent's dark theme writes brand text and checked controls in shades 100–110, which suit its own
// bright blue; ours is so dark there that links and selected tabs fall under 4.5:1 on the dark
// backgrounds. Those roles take lighter shades (contrast checked in fluent-themes.test.ts).
const dark = createDarkTheme(brand);
export const hubDarkTheme: Theme = {
  ...dark,
  colorBrandForeground1: brand[130],
  colorBrandForeground2: brand[140],
  colorBrandForeground2Hover: brand[150],
  colorBrandForegroundLink: brand[130],
  colorBrandForegroundLinkHover: brand[140],
  colorBrandForegroundLinkPressed: brand[120],
  colorBrandForegroundLinkSelected: brand[130],
  colorNeutralForeground2BrandHover: brand[130],
  colorNeutralForeground2BrandPressed: brand[120],
  colorNeutralForeground2BrandSelected: brand[130],
  colorNeutralForeground3BrandHover: brand[130],
  colorNeutralForeground3BrandPressed: brand[120],
  colorNeutralForeground3BrandSelected: brand[130],
  colorCompoundBrandForeground1: brand[120],
  colorCompoundBrandForeground1Hover: brand[130],
  colorCompoundBrandForeground1Pressed: brand[110],
  colorCompoundBrandBackground: brand[120],
  colorCompoundBrandBackgroundHover: brand[130],
  colorCompoundBrandBackgroundPressed: brand[110],
  colorCompoundBrandStroke: brand[120],
  colorCompoundBrandStrokeHover: brand[130],
  colorCompoundBrandStrokePressed: brand[110],
  colorBrandStroke1: brand[120],
  colorNeutralStrokeAccessibleSelected: brand[120],
};

/**
 * A dimmed grey for what cannot be used now. Fluent's high-contrast theme writes disabled text and
 * outlines in Windows' GrayText of its black scheme, a bright green, so a disabled button looked
 * picked out among the white enabled ones. Grey reads as 'off' and still stands 6:1 on black.
 */
export const HIGH_CONTRAST_DISABLED = '#8c8c8c';

/**
 * Fluent's own high-contrast theme (the web one, for the same fonts): black canvas, white text,
 * yellow links, cyan selection; disabled controls in grey. Under forced colours the browser uses
 * the system's own GrayText instead.
 */
const highContrast = createHighContrastTheme();
export const hubHighContrastTheme: Theme = {
  ...highContrast,
  colorNeutralForegroundDisabled: HIGH_CONTRAST_DISABLED,
  colorNeutralForegroundInvertedDisabled: HIGH_CONTRAST_DISABLED,
  colorNeutralBackgroundDisabled2: HIGH_CONTRAST_DISABLED,
  colorNeutralStrokeDisabled: HIGH_CONTRAST_DISABLED,
  colorNeutralStrokeDisabled2: HIGH_CONTRAST_DISABLED,
  colorNeutralStrokeInvertedDisabled: HIGH_CONTRAST_DISABLED,
  colorTransparentStrokeDisabled: HIGH_CONTRAST_DISABLED,
};

export const FLUENT_THEMES: Record<AppliedTheme, Theme> = {
  light: hubLightTheme,
  dark: hubDarkTheme,
  'high-contrast': hubHighContrastTheme,
};
