import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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
import { offlineSinceAtom, withOfflineCache } from '../offline/offline-cache';
import { useAtomValue } from 'jotai';

// One file per resource: the requests of spec §7 for objectives and their TanStack hooks.

export const OBJECTIVE_KEY = ['objective'] as const;

/** Offline viewing (issue 6): while showing cached answers, ask the hub again every 15 s. */
const OFFLINE_RETRY_MS = 15_000;
const parser = <S extends z.ZodType>(schema: S) => (raw: unknown): z.infer<S> | null => {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

export function useObjectiveList(query: ObjectiveListQuery) {
  const offline = useAtomValue(offlineSinceAtom) !== null;
  const queryKey = [...OBJECTIVE_KEY, 'list', query];
  const schema = objectiveListResponseSchema.shape.data;
  return useQuery({
    queryKey,
    queryFn: () => withOfflineCache(queryKey, () => hubCall(schema, 'GET', '/objective', { query }), parser(schema)),
    placeholderData: keepPreviousData,
    refetchInterval: offline ? OFFLINE_RETRY_MS : false,
  });
}

export function useObjective(id: number | null) {
  const offline = useAtomValue(offlineSinceAtom) !== null;
  const queryKey = [...OBJECTIVE_KEY, 'one', id];
  const schema = objectiveResponseSchema.shape.data;
  return useQuery({
    queryKey,
    queryFn: () => withOfflineCache(queryKey, () => hubCall(schema, 'GET', `/objective/${id}`), parser(schema)),
    enabled: id !== null,
    refetchInterval: offline ? OFFLINE_RETRY_MS : false,
  });
}

export function useObjectiveChoices() {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'choices'],
    queryFn: () => hubCall(objectiveChoicesResponseSchema.shape.data, 'GET', '/objective/choices'),
    staleTime: 5 * 60_000,
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
