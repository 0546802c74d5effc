import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { allHolidaysResponseSchema, myDaysLeftResponseSchema, publicHolidaysResponseSchema, type PublicHoliday } from '../../../../shared/api/holidays';
import { teamListResponseSchema } from '../../../../shared/api/people';
import { PUBLIC_HOLIDAYS_COUNTRY } from '../../../../shared/rules/constants';
import { HOLIDAY_TEXT } from '../../../../shared/rules/holidays';
import { errorText, hubCall } from '../../../lib/api';

/** GET /holidays?from&to: only the range the calendar shows (issue 8: never the whole history). */
export function useHolidayEvents(from: string, to: string) {
  return useQuery({
    queryKey: ['holidays', from, to],
    queryFn: () => hubCall(allHolidaysResponseSchema.shape.data, 'GET', '/holidays', { query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /holidays/days-left: my record and the holidays app's address. */
export function useMyDaysLeft() {
  return useQuery({ queryKey: ['holidays', 'days-left'], queryFn: () => hubCall(myDaysLeftResponseSchema.shape.data, 'GET', '/holidays/days-left') });
}

/** GET /team: active teams only (the hub's default), for the Teams dropdown (spec §2). */
export function useActiveTeams() {
  return useQuery({ queryKey: ['team', 'active'], queryFn: () => hubCall(teamListResponseSchema.shape.data, 'GET', '/team') });
}

/**
 * spec §7: GET {public holidays}/{year}/RO per year in view. A failure is logged and yields
 * null, so the calendar still shows every other event.
 */
async function fetchPublicHolidays(year: number): Promise<PublicHoliday[] | null> {
  try {
    return await hubCall(publicHolidaysResponseSchema.shape.data, 'GET', `/public-holidays/${year}/${PUBLIC_HOLIDAYS_COUNTRY}`);
  } catch (error) {
    console.error(HOLIDAY_TEXT.reportsFailed(errorText(error)));
    return null;
  }
}

export function usePublicHolidays(years: readonly number[]): PublicHoliday[] {
  const results = useQueries({
    queries: years.map((year) => ({ queryKey: ['public-holidays', year], queryFn: () => fetchPublicHolidays(year), staleTime: Infinity })),
  });
  return results.flatMap((r) => r.data ?? []);
}
