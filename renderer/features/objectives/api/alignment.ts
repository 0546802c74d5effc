import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  alignmentCandidatesResponseSchema,
  alignmentLinksResponseSchema,
  alignmentSearchResponseSchema,
  linkResponseSchema,
  linkRemovedResponseSchema,
  type LinkCreate,
} from '../../../../shared/api/alignment';
import { objectiveResponseSchema, type LevelObjectiveForm } from '../../../../shared/api/objectives';
import type { RollupMode } from '../../../../shared/rules/alignment';
import type { ObjectiveLevel } from '../../../../shared/rules/objective-levels';
import { hubCall } from '../../../lib/api';
import { OBJECTIVE_KEY, useRefresh } from './objectives';

// Alignment (docs/api.md 'Alignment'): the link, roll-up and level calls. A link moves the progress of
// the objective it points at, so every change refreshes every objective view (OBJECTIVE_KEY).

/** Whom the 'Supports' picker asks for: a saved objective, or the level of one being created. */
export type CandidatesFor = { objectiveId: number } | { level: ObjectiveLevel };

/** The 'Supports' picker: what the person may see and this objective (or this level) may support. */
export function useAlignmentCandidates(target: CandidatesFor, q: string, enabled: boolean) {
  const query = 'objectiveId' in target ? { objectiveId: target.objectiveId } : { level: target.level };
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'alignment', 'candidates', query, q],
    queryFn: () =>
      hubCall(alignmentCandidatesResponseSchema.shape.data, 'GET', '/alignment/candidates', { query: { ...query, q: q || undefined, limit: 20 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /alignment/search: objectives whose title matches, each with its path from the top. */
export function useAlignmentSearch(query: { q: string; teamId?: number; from?: string; to?: string }, enabled = true) {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'alignment', 'search', query],
    queryFn: () => hubCall(alignmentSearchResponseSchema.shape.data, 'GET', '/alignment/search', { query: { ...query, limit: 20 } }),
    enabled: enabled && query.q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCreateLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ objectiveId, ...body }: LinkCreate & { objectiveId: number }) =>
      hubCall(alignmentLinksResponseSchema.shape.data, 'POST', `/objective/${objectiveId}/links`, { body }),
    onSettled: refresh,
  });
}

export function useRemoveLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => hubCall(linkRemovedResponseSchema.shape.data, 'DELETE', `/objective-link/${id}`),
    onSuccess: refresh,
  });
}

export function useSetLinkWeight() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, weight }: { id: number; weight: number }) => hubCall(linkResponseSchema.shape.data, 'PUT', `/objective-link/${id}`, { body: { weight } }),
    onSuccess: refresh,
  });
}

export function useSetRollupMode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, mode }: { id: number; mode: RollupMode }) =>
      hubCall(objectiveResponseSchema.shape.data, 'PUT', `/objective/${id}/rollup`, { body: { mode } }),
    onSuccess: refresh,
  });
}

/** A team or company objective (POST /alignment/objectives); personal ones stay POST /objective. */
export function useCreateLevelObjective() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LevelObjectiveForm) => hubCall(objectiveResponseSchema.shape.data, 'POST', '/alignment/objectives', { body }),
    onSuccess: refresh,
  });
}
