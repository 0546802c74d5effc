import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsResponseSchema } from '../../../../shared/api/timetracking';
import { hubCall } from '../../../lib/api';

/** GET /timetracking/reports?months={offset} (spec §7); the previous month stays on screen while the next loads. */
export function useTimeReport(offset: number) {
  return useQuery({
    queryKey: ['timetracking', 'reports', offset],
    queryFn: () => hubCall(reportsResponseSchema.shape.data, 'GET', '/timetracking/reports', { query: { months: offset } }),
    placeholderData: keepPreviousData,
  });
}
