import { contrastRatio } from '../../../lib/theme/contrast';

// A bar is painted in its priority's colour (spec §9) in every theme, with the done part
// darkened under the text, so the text takes black or white, whichever reads better over both parts
// (bar-colors.test.ts holds every priority to 4.5:1).

/** How much black the done part of a bar lays over its colour. */
export const DONE_SHADE = 0.25;

export function shaded(hex: string, amount = DONE_SHADE): string {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const TEXT_CHOICES = ['#000000', '#ffffff'] as const;

export function barTextColor(bar: string): (typeof TEXT_CHOICES)[number] {
  const worst = (text: string) => Math.min(contrastRatio(text, bar), contrastRatio(text, shaded(bar)));
  return worst(TEXT_CHOICES[0]) >= worst(TEXT_CHOICES[1]) ? TEXT_CHOICES[0] : TEXT_CHOICES[1];
}
