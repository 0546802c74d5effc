import { useQuery } from '@tanstack/react-query';
import { orgChartResponseSchema } from '../../../../shared/api/org-chart';
import { hubCall } from '../../../lib/api';

// GET /org-chart: the whole company in one answer; the screen builds the tree.

export const ORG_CHART_KEY = ['org-chart'] as const;

export function useOrgChart(includeArchived: boolean) {
  return useQuery({
    queryKey: [...ORG_CHART_KEY, { includeArchived }],
    queryFn: () => hubCall(orgChartResponseSchema.shape.data, 'GET', '/org-chart', { query: { includeArchived: includeArchived || undefined } }),
    // No stale time: a reporting line changed in the member dialog shows on the next visit.
  });
}
