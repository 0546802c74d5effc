import type { HolidayType } from '../../../../shared/rules/constants';

/**
 * One colour per event type (spec §3), each dark enough for white text (contrast ≥ 4.5:1) and
 * none of them the brand blue #004C7C, so events never read as buttons or links. An event carries
 * its own background, so the pair reads the same in every theme (holiday-colors.test.ts).
 */
export const HOLIDAY_COLORS: Record<HolidayType, string> = {
  'De odihna': '#2E7D32',
  national_holiday: '#C62828',
  Medical: '#6A1B9A',
  'Donator sange': '#AD1457',
  'Concediu fara plata (neplatit)': '#5D4037',
  Birthday: '#A15C00',
};

export const UNKNOWN_TYPE_COLOR = '#616161';

/** The text on every event. */
export const EVENT_TEXT_COLOR = '#ffffff';
