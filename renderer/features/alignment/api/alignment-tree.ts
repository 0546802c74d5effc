import { useCallback } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { alignmentTreeResponseSchema, type AlignmentTree } from '../../../../shared/api/alignment';
import { hubCall, errorText } from '../../../lib/api';
import { OBJECTIVE_KEY } from '../../objectives';
import type { LoadedLevel } from '../visible-rows';

// GET /alignment/tree one level at a time (levels load as they are unfolded). The keys
// sit under the objectives' so a link, a status or a check-in changed anywhere refreshes the tree.

export const TREE_PAGE_SIZE = 100;

export interface TreeFilters {
  teamId?: number;
  from?: string;
  to?: string;
}

/** One page of one level to load: the top (parentId null) or what supports an objective. */
export interface LevelPage {
  parentId: number | null;
  page: number;
}

export function treeQuery(filters: TreeFilters, { parentId, page }: LevelPage) {
  return {
    queryKey: [...OBJECTIVE_KEY, 'alignment', 'tree', filters, parentId, page],
    queryFn: () => hubCall(alignmentTreeResponseSchema.shape.data, 'GET', '/alignment/tree', {
      query: { ...filters, parentId: parentId ?? undefined, page, limit: TREE_PAGE_SIZE },
    }),
    staleTime: 30_000,
  };
}

/** The levels loaded so far, by parent: the pages of each put together in order. */
export function useTreeLevels(filters: TreeFilters, pages: readonly LevelPage[]): ReadonlyMap<number | null, LoadedLevel> {
  const combine = useCallback((results: UseQueryResult<AlignmentTree>[]) => {
    const levels = new Map<number | null, LoadedLevel>();
    results.forEach((result, i) => {
      const { parentId } = pages[i];
      const level = levels.get(parentId) ?? { items: [], total: 0, loading: false, error: null };
      levels.set(parentId, {
        // a page that has not answered yet holds back the pages after it, so rows never jump
        items: level.loading || level.error ? level.items : [...level.items, ...(result.data?.items ?? [])],
        total: result.data?.total ?? level.total,
        loading: level.loading || result.isPending,
        error: level.error ?? (result.isError ? errorText(result.error) : null),
      });
    });
    return levels;
  }, [pages]);
  return useQueries({ queries: pages.map((p) => treeQuery(filters, p)), combine });
}
