import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { plansResponseSchema } from '../../../../shared/api/plans';
import { hubCall } from '../../../lib/api';

// objective-tracking §7: GET /user/plans (mine) and POST /user/plans {team} (a team's).
export function usePlans(team: number | null) {
  return useQuery({
    queryKey: ['objective', 'plans', team],
    queryFn: () =>
      team === null
        ? hubCall(plansResponseSchema.shape.data, 'GET', '/user/plans')
        : hubCall(plansResponseSchema.shape.data, 'POST', '/user/plans', { body: { team } }),
    placeholderData: keepPreviousData,
  });
}
