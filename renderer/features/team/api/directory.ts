import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  directoryResponseSchema,
  refListResponseSchema,
  teamListResponseSchema,
  titleListResponseSchema,
  type DirectoryFilters,
} from '../../../../shared/api/people';
import { hubCall } from '../../../lib/api';
import type { QueryParams } from '../../../lib/transport';

// The directory's calls (spec §2 'Team directory'): the hub filters and pages, the screen loads
// one page at a time as the list scrolls (issue 5: smooth with 2,000 members).

export const DIRECTORY_PAGE_SIZE = 48;
export const DIRECTORY_KEY = ['user', 'directory'] as const;

export const EMPTY_FILTERS: DirectoryFilters = { search: '', teams: [], jobs: [], projects: [], skills: [], teamLeads: false, status: 'active' };

/** The filters as query parameters; empty ones are left out. */
export function filterQuery(filters: DirectoryFilters): QueryParams {
  return {
    search: filters.search || undefined,
    teams: filters.teams.length ? filters.teams : undefined,
    jobs: filters.jobs.length ? filters.jobs : undefined,
    projects: filters.projects.length ? filters.projects : undefined,
    skills: filters.skills?.length ? filters.skills : undefined,
    teamLeads: filters.teamLeads || undefined,
    status: filters.status,
  };
}

export function useDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery({
    queryKey: [...DIRECTORY_KEY, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      hubCall(directoryResponseSchema.shape.data, 'GET', '/user', { query: { ...filterQuery(filters), page: pageParam, limit: DIRECTORY_PAGE_SIZE } }),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

const choicesOptions = { staleTime: 60_000 };

export function useTeamChoices() {
  return useQuery({ queryKey: ['team', 'list'], queryFn: () => hubCall(teamListResponseSchema.shape.data, 'GET', '/team'), ...choicesOptions });
}

export function useJobChoices() {
  return useQuery({ queryKey: ['user', 'job-titles'], queryFn: () => hubCall(refListResponseSchema.shape.data, 'GET', '/user/job-titles'), ...choicesOptions });
}

export function useProjectChoices() {
  return useQuery({ queryKey: ['user', 'project-titles'], queryFn: () => hubCall(titleListResponseSchema.shape.data, 'GET', '/user/project-titles'), ...choicesOptions });
}

export function useTeamLeadChoices() {
  return useQuery({ queryKey: ['user', 'team-leads'], queryFn: () => hubCall(refListResponseSchema.shape.data, 'GET', '/user/team-leads'), ...choicesOptions });
}
