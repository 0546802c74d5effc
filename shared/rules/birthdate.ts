import { addYears, isCalendarDay, isoDay } from './dates';
import { EXTRA_MESSAGES } from './people-messages';

// people-and-shell §3 personalInfo.birthdate: a real day on which someone working here could have
// been born, or nothing. The hub refuses anything else (the extra-details dialog's picker offers
// only these days). The youngest: 15, the Romanian Labour Code's age for a first contract (art. 13,
// with the parents' consent); the oldest: 100, past any working life.

export const BIRTHDATE_MIN_AGE = 15;
export const BIRTHDATE_MAX_AGE = 100;

/** The first and last birth dates allowed on `today` (YYYY-MM-DD), both included. */
export function birthdateBounds(today: string = isoDay()): { earliest: string; latest: string } {
  return { earliest: addYears(today, -BIRTHDATE_MAX_AGE), latest: addYears(today, -BIRTHDATE_MIN_AGE) };
}

/** Why a birth date cannot be stored, or null when it can; '' is no birth date, which may be. */
export function birthdateProblem(value: string, today: string = isoDay()): string | null {
  if (value === '') return null;
  if (!isCalendarDay(value)) return EXTRA_MESSAGES.birthdate;
  const { earliest, latest } = birthdateBounds(today);
  return value < earliest || value > latest ? EXTRA_MESSAGES.birthdateRange : null;
}
