import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assigneesResponseSchema,
  objectiveChangeResponseSchema,
  objectiveChoicesResponseSchema,
  objectiveCountResponseSchema,
  objectiveListResponseSchema,
  objectiveResponseSchema,
  type ObjectiveCountQuery,
  type ObjectiveForm,
  type ObjectiveListQuery,
  type ObjectiveUpdate,
} from '../../../../shared/api/objectives';
import { HubError } from '../../../../shared/api/hub-error';
import { hubCall } from '../../../lib/api';
import { fetchOrCached } from '../../../lib/offline';
import { objectivesOffline } from '../offline';

// One file per resource: the requests of spec §7 for objectives and their TanStack hooks.

export const OBJECTIVE_KEY = ['objective'] as const;

// Lists, details and the category choices their cards name are kept for offline viewing.

export function useObjectiveList(query: ObjectiveListQuery) {
  const queryKey = [...OBJECTIVE_KEY, 'list', query];
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(objectiveListResponseSchema.shape.data, 'GET', '/objective', { query })),
    placeholderData: keepPreviousData,
    ...objectivesOffline(),
  });
}

/**
 * The real number of objectives the filters match, asked only when the list stopped counting at
 * its bound ("100+"). Not kept offline: without the hub the pager says "100+" again.
 */
export function useObjectiveCount(query: ObjectiveCountQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'count', query],
    queryFn: () => hubCall(objectiveCountResponseSchema.shape.data, 'GET', '/objective/count', { query }),
    enabled,
    select: (data) => data.total,
  });
}

export function useObjective(id: number | null) {
  const queryKey = [...OBJECTIVE_KEY, 'one', id];
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(objectiveResponseSchema.shape.data, 'GET', `/objective/${id}`)),
    enabled: id !== null,
    ...objectivesOffline(),
  });
}

export function useObjectiveChoices() {
  const queryKey = [...OBJECTIVE_KEY, 'choices'];
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(objectiveChoicesResponseSchema.shape.data, 'GET', '/objective/choices')),
    staleTime: 5 * 60_000,
    ...objectivesOffline(),
  });
}

export function useAssignees(teamId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'assignees', teamId],
    queryFn: () => hubCall(assigneesResponseSchema.shape.data, 'GET', '/objective/assignees', { query: { teamId } }),
    enabled: enabled && teamId !== null,
  });
}

/** Every change refreshes lists, details, plans-style views reading the same keys. */
export function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: OBJECTIVE_KEY });
}

/** Someone else changed the objective or key result since this screen read it (the hub's 409, docs/api.md 'Versions and 409'). */
export const isStale = (error: unknown) => error instanceof HubError && error.status === 409;

export function useCreateObjective() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ObjectiveForm) => hubCall(objectiveResponseSchema.shape.data, 'POST', '/objective', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateObjective() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: ObjectiveUpdate & { id: number }) =>
      hubCall(objectiveChangeResponseSchema.shape.data, 'PUT', `/objective/${id}`, { body }),
    onSuccess: refresh,
    // a stale edit: the screens behind show what the other person changed (the hub's message stays)
    onError: (error) => void (isStale(error) && refresh()),
  });
}

/**
 * After a 409: the objective as it stands now, for the form to start again from, and
 * every view of it refreshed behind the dialog.
 */
export function useReloadObjective() {
  const refresh = useRefresh();
  return async (id: number) => {
    const fresh = await hubCall(objectiveResponseSchema.shape.data, 'GET', `/objective/${id}`);
    void refresh();
    return fresh;
  };
}
