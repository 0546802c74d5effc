import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedAddressSchema, calendarFeedsResponseSchema, type CalendarFeedAddress } from '../../../../shared/api/calendar-feeds';
import { hubCall } from '../../../lib/api';

// Settings → Calendar feeds: the signed-in person's own feeds on the hub.

export const CALENDAR_FEEDS_KEY = ['calendar-feeds'] as const;

export function useCalendarFeeds() {
  return useQuery({ queryKey: CALENDAR_FEEDS_KEY, queryFn: () => hubCall(calendarFeedsResponseSchema.shape.data, 'GET', '/calendar-feeds') });
}

/** PUT turns a feed on or renews it: the answer holds the only copy of its new address. */
export function useIssueFeedAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feed: string): Promise<CalendarFeedAddress> => hubCall(calendarFeedAddressSchema, 'PUT', `/calendar-feeds/${feed}`),
    onSettled: () => client.invalidateQueries({ queryKey: CALENDAR_FEEDS_KEY }),
  });
}

export function useTurnFeedOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feed: string) => hubCall(calendarFeedsResponseSchema.shape.data, 'DELETE', `/calendar-feeds/${feed}`),
    onSuccess: (data) => client.setQueryData(CALENDAR_FEEDS_KEY, data),
  });
}
