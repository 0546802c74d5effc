// WCAG 2.1 contrast (1.4.3 text 4.5:1, 1.4.11 controls and graphics 3:1), for the colours the app
// picks itself per theme (charts, calendar events, timeline bars) and for the themes' own tokens.

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #rgb or #rrggbb. */
export function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(full.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for body text. */
export const TEXT_CONTRAST = 4.5;
/** AA for the parts of controls and graphics one needs to see (bars, borders, focus). */
export const GRAPHIC_CONTRAST = 3;
