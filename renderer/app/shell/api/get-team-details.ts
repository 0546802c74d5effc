import { useQuery } from '@tanstack/react-query';
import { teamDetailsResponseSchema } from '../../../../shared/api/my-team';
import { hubCall } from '../../../lib/api';

const teamDetailsSchema = teamDetailsResponseSchema.shape.data;

/** The my-team drawer: GET /teamDetails, fetched when the drawer first opens. */
export function useTeamDetails(enabled: boolean) {
  return useQuery({
    queryKey: ['teamDetails'],
    queryFn: () => hubCall(teamDetailsSchema, 'GET', '/teamDetails'),
    enabled,
  });
}
