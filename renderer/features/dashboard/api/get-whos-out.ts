import { useQuery } from '@tanstack/react-query';
import { whosOutResponseSchema } from '../../../../shared/api/whos-out';
import { hubCall } from '../../../lib/api';

/** Under the holidays' key: an import of the holidays refreshes it with the calendar. */
export const WHOS_OUT_KEY = ['holidays', 'whos-out'] as const;

/** GET /holidays/whos-out (docs/api.md 'Who's out'): the viewer's teams, today and the next five working days. */
export function useWhosOut() {
  return useQuery({
    queryKey: WHOS_OUT_KEY,
    queryFn: () => hubCall(whosOutResponseSchema.shape.data, 'GET', '/holidays/whos-out'),
    // holidays are imported every hour at most (spec §9): a few minutes old is fresh
    staleTime: 5 * 60_000,
  });
}
