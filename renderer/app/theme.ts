import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import { PRIMARY_COLOR } from '../../shared/rules/constants';

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

export const hubTheme: Theme = createLightTheme(brandRamp(PRIMARY_COLOR.toLowerCase()));
