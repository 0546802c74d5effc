import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { refListResponseSchema } from '../../../../shared/api/people';
import { statisticsResponseSchema, type StatisticsQuery } from '../../../../shared/api/statistics';
import { hubCall } from '../../../lib/api';

// objective-tracking §7 GET /statistics (team, job, from, to), and the job choices of the filter.

export function useStatistics(query: StatisticsQuery) {
  return useQuery({
    queryKey: ['statistics', query],
    queryFn: () => hubCall(statisticsResponseSchema.shape.data, 'GET', '/statistics', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useJobChoices() {
  return useQuery({
    queryKey: ['statistics', 'jobs'],
    queryFn: () => hubCall(refListResponseSchema.shape.data, 'GET', '/user/job-titles'),
    staleTime: 5 * 60_000,
  });
}
