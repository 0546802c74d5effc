import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  directoryResponseSchema,
  refListResponseSchema,
  teamListResponseSchema,
  titleListResponseSchema,
  type DirectoryFilters,
} from '../../../../shared/api/people';
import { hubCall } from '../../../lib/api';
import { fetchOrCached, fetchPageOrCached, OFFLINE_VIEWS, offlineQueryOptions } from '../../../lib/offline';
import type { QueryParams } from '../../../lib/transport';

// The directory's calls (spec §2 'Team directory'): the hub filters and pages, the screen loads
// one page at a time as the list scrolls (smooth with 2,000 members).

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
    presence: filters.presence,
  };
}

// The directory pages a user has loaded, and the filter choices, stay readable offline.
const offline = offlineQueryOptions(OFFLINE_VIEWS.directory);

export function useDirectory(filters: DirectoryFilters) {
  const queryKey = [...DIRECTORY_KEY, filters];
  return useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      fetchPageOrCached(queryKey, pageParam, () =>
        hubCall(directoryResponseSchema.shape.data, 'GET', '/user', { query: { ...filterQuery(filters), page: pageParam, limit: DIRECTORY_PAGE_SIZE } }),
      ),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    ...offline,
  });
}

const choicesOptions = { staleTime: 60_000, ...offline };

/** A choices list, kept offline like the directory it filters. */
function choices<S extends z.ZodType>(queryKey: readonly string[], schema: S, path: string) {
  return { queryKey, queryFn: () => fetchOrCached(queryKey, () => hubCall(schema, 'GET', path)), ...choicesOptions };
}

export function useTeamChoices() {
  return useQuery(choices(['team', 'list'], teamListResponseSchema.shape.data, '/team'));
}

export function useJobChoices() {
  return useQuery(choices(['user', 'job-titles'], refListResponseSchema.shape.data, '/user/job-titles'));
}

export function useProjectChoices() {
  return useQuery(choices(['user', 'project-titles'], titleListResponseSchema.shape.data, '/user/project-titles'));
}

export function useTeamLeadChoices() {
  return useQuery(choices(['user', 'team-leads'], refListResponseSchema.shape.data, '/user/team-leads'));
}
