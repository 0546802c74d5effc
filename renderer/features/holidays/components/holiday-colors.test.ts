import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from '../../../lib/theme/contrast';
import { EVENT_TEXT_COLOR, HOLIDAY_COLORS, UNKNOWN_TYPE_COLOR } from './holiday-colors';

describe('calendar event colours', () => {
  it.each(Object.entries({ ...HOLIDAY_COLORS, unknown: UNKNOWN_TYPE_COLOR }))('%s: its text reads at 4.5:1 in every theme (the event carries its own background)', (_, color) => {
    expect(contrastRatio(EVENT_TEXT_COLOR, color)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
