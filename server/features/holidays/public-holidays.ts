import Holidays from 'date-holidays';
import type { PublicHoliday } from '../../../shared/api/holidays';
import { PUBLIC_HOLIDAYS_COUNTRY } from '../../../shared/rules/constants';

// design §3: public holidays are computed offline (date-holidays), not fetched from a service.
// The result is derived from the year alone, so a per-process cache is safe for any number of
// hub instances (design §1 keeps only state that others would need out of memory).

const cache = new Map<number, PublicHoliday[]>();
let calendar: Holidays | undefined;

/** The days off by law (type 'public'), in date order; observances without a day off are left out. */
export function publicHolidays(year: number): PublicHoliday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  calendar ??= new Holidays(PUBLIC_HOLIDAYS_COUNTRY);
  const list = calendar
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => ({ localName: h.name, date: h.date.slice(0, 10) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  cache.set(year, list);
  return list;
}
