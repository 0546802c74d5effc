import { describe, expect, it } from 'vitest';
import type { Theme } from '@fluentui/react-components';
import { contrastRatio, GRAPHIC_CONTRAST, TEXT_CONTRAST } from './contrast';
import { brandRamp, FLUENT_THEMES, HIGH_CONTRAST_DISABLED, hubHighContrastTheme } from './fluent-themes';

describe('brand ramp', () => {
  it('puts the primary colour at shade 80 and runs from dark to light', () => {
    const ramp = brandRamp('#004c7c');
    expect(ramp[80]).toBe('#004c7c');
    const lightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(lightness(ramp[10])).toBeLessThan(lightness(ramp[80]));
    expect(lightness(ramp[160])).toBeGreaterThan(lightness(ramp[120]));
  });
});

type Token = { [K in keyof Theme]-?: K extends `color${string}` ? K : never }[keyof Theme];

// The text roles the screens use, on the backgrounds they sit on (WCAG 2.1 AA contrast in every theme).
const TEXT: Token[] = [
  'colorNeutralForeground1', 'colorNeutralForeground2', 'colorNeutralForeground3', 'colorBrandForeground1', 'colorBrandForeground2',
  'colorBrandForegroundLink', 'colorPaletteRedForeground1', 'colorPaletteGreenForeground1',
];
const BACKGROUNDS: Token[] = ['colorNeutralBackground1', 'colorNeutralBackground2', 'colorNeutralBackground3'];
// What one must see of a control: a checked box, an input's underline, a selected tab's bar, focus.
const GRAPHICS: Token[] = ['colorCompoundBrandBackground', 'colorNeutralStrokeAccessible', 'colorBrandStroke1', 'colorStrokeFocus2'];

describe.each(Object.entries(FLUENT_THEMES))('the %s theme meets WCAG AA', (_, theme) => {
  it.each(TEXT)('%s on every neutral background: 4.5:1', (fg) => {
    for (const bg of BACKGROUNDS) expect(contrastRatio(theme[fg], theme[bg]), `${theme[fg]} on ${bg} ${theme[bg]}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('text on brand buttons and on the brand tint (today in the calendar): 4.5:1', () => {
    expect(contrastRatio(theme.colorNeutralForegroundOnBrand, theme.colorBrandBackground)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(theme.colorNeutralForegroundOnBrand, theme.colorBrandBackgroundHover)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(theme.colorNeutralForeground1, theme.colorBrandBackground2)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(theme.colorNeutralForegroundInverted, theme.colorCompoundBrandBackground)).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
  });

  it.each(GRAPHICS)('%s against the page: 3:1', (token) => {
    expect(contrastRatio(theme[token], theme.colorNeutralBackground1)).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
  });
});

describe('the high contrast theme', () => {
  const disabled: Token[] = [
    'colorNeutralForegroundDisabled', 'colorNeutralForegroundInvertedDisabled', 'colorNeutralBackgroundDisabled2',
    'colorNeutralStrokeDisabled', 'colorNeutralStrokeDisabled2', 'colorNeutralStrokeInvertedDisabled', 'colorTransparentStrokeDisabled',
  ];
  const t = hubHighContrastTheme;

  it('draws disabled controls in a grey none of its highlight colours uses', () => {
    const highlights = [t.colorNeutralForeground1, t.colorBrandForegroundLink, t.colorBrandBackground, t.colorNeutralStrokeAccessible, t.colorBrandStroke1];
    for (const token of disabled) {
      expect(t[token], token).toBe(HIGH_CONTRAST_DISABLED);
      expect(highlights.map((c) => c.toLowerCase())).not.toContain(HIGH_CONTRAST_DISABLED);
    }
  });

  it('keeps disabled text readable on black, yet dimmer than enabled text', () => {
    expect(contrastRatio(HIGH_CONTRAST_DISABLED, t.colorNeutralBackground1)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(HIGH_CONTRAST_DISABLED, t.colorNeutralBackground1)).toBeLessThan(contrastRatio(t.colorNeutralForeground1, t.colorNeutralBackground1) / 2);
  });
});
