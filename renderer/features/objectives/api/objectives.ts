import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assigneesResponseSchema,
  objectiveChangeResponseSchema,
  objectiveChoicesResponseSchema,
  objectiveListResponseSchema,
  objectiveResponseSchema,
  type ObjectiveForm,
  type ObjectiveListQuery,
  type ObjectiveUpdate,
} from '../../../../shared/api/objectives';
import { hubCall } from '../../../lib/api';
import { fetchOrCached } from '../../../lib/offline';
import { objectivesOffline } from '../offline';

// One file per resource: the requests of spec §7 for objectives and their TanStack hooks.

export const OBJECTIVE_KEY = ['objective'] as const;

// Lists, details and the category choices their cards name are kept for offline viewing (issue 6).

export function useObjectiveList(query: ObjectiveListQuery) {
  const queryKey = [...OBJECTIVE_KEY, 'list', query];
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(objectiveListResponseSchema.shape.data, 'GET', '/objective', { query })),
    placeholderData: keepPreviousData,
    ...objectivesOffline(),
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
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: OBJECTIVE_KEY });
}

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
  });
}
