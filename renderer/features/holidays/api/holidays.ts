import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { allHolidaysResponseSchema, myDaysLeftResponseSchema, publicHolidaysResponseSchema, type PublicHoliday } from '../../../../shared/api/holidays';
import { teamListResponseSchema } from '../../../../shared/api/people';
import { PUBLIC_HOLIDAYS_COUNTRY } from '../../../../shared/rules/constants';
import { HOLIDAY_TEXT } from '../../../../shared/rules/holidays';
import { errorText, hubCall } from '../../../lib/api';
import { fetchOrCached, isUnreachable, OFFLINE_VIEWS, offlineQueryOptions } from '../../../lib/offline';

// The month's holidays (events, days left, teams, public holidays) stay readable offline.
const offline = offlineQueryOptions(OFFLINE_VIEWS.holidays);

/** GET /holidays?from&to: only the range the calendar shows (never the whole history). */
export function useHolidayEvents(from: string, to: string) {
  const queryKey = ['holidays', from, to];
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(allHolidaysResponseSchema.shape.data, 'GET', '/holidays', { query: { from, to } })),
    placeholderData: keepPreviousData,
    ...offline,
  });
}

/** GET /holidays/days-left: my record and the holidays app's address. */
export function useMyDaysLeft() {
  const queryKey = ['holidays', 'days-left'];
  return useQuery({ queryKey, queryFn: () => fetchOrCached(queryKey, () => hubCall(myDaysLeftResponseSchema.shape.data, 'GET', '/holidays/days-left')), ...offline });
}

/** GET /team: active teams only (the hub's default), for the Teams dropdown (spec §2). */
export function useActiveTeams() {
  const queryKey = ['team', 'active'];
  return useQuery({ queryKey, queryFn: () => fetchOrCached(queryKey, () => hubCall(teamListResponseSchema.shape.data, 'GET', '/team')), ...offline });
}

const publicHolidaysKey = (year: number) => ['public-holidays', year];

/**
 * spec §7: GET {public holidays}/{year}/RO per year in view. A failure is logged and yields
 * null, so the calendar still shows every other event.
 */
async function fetchPublicHolidays(year: number): Promise<PublicHoliday[] | null> {
  try {
    return await fetchOrCached(publicHolidaysKey(year), () => hubCall(publicHolidaysResponseSchema.shape.data, 'GET', `/public-holidays/${year}/${PUBLIC_HOLIDAYS_COUNTRY}`));
  } catch (error) {
    // offline, the banner says why: no failure of the hub to log
    if (!isUnreachable(error)) console.error(HOLIDAY_TEXT.reportsFailed(errorText(error)));
    return null;
  }
}

export function usePublicHolidays(years: readonly number[]): PublicHoliday[] {
  const results = useQueries({
    queries: years.map((year) => ({ queryKey: publicHolidaysKey(year), queryFn: () => fetchPublicHolidays(year), staleTime: Infinity, ...offline })),
  });
  return results.flatMap((r) => r.data ?? []);
}
