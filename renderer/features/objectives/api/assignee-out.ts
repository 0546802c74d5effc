import { useQuery } from '@tanstack/react-query';
import { outOnResponseSchema } from '../../../../shared/api/whos-out';
import { isCalendarDay } from '../../../../shared/rules/dates';
import { hubCall } from '../../../lib/api';

/** GET /holidays/out-on (docs/api.md 'Who's out'): whether the assignee is off on the deadline; a warning, never a block. */
export function useAssigneeOutOn(userId: number | null, day: string) {
  const ready = userId !== null && isCalendarDay(day);
  return useQuery({
    queryKey: ['holidays', 'out-on', userId, day],
    queryFn: () => hubCall(outOnResponseSchema.shape.data, 'GET', '/holidays/out-on', { query: { userId: userId ?? 0, date: day } }),
    enabled: ready,
    staleTime: 5 * 60_000,
    // no answer means no warning: the dialog works the same without it
    retry: false,
  });
}
