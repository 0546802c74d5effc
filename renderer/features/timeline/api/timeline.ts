import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { timelineResponseSchema, type TimelineQuery } from '../../../../shared/api/timeline';
import { hubCall } from '../../../lib/api';

export function useTimeline(query: TimelineQuery) {
  return useQuery({
    queryKey: ['objective', 'timeline', query],
    queryFn: () => hubCall(timelineResponseSchema.shape.data, 'GET', '/timeline', { query }),
    placeholderData: keepPreviousData,
  });
}
